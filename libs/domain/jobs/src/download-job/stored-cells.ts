/** A row's result cells by column name; a column the row has no cell for downloads empty. */
export type ResultCells<C extends string = string> = Readonly<Partial<Record<C, string>>>;

/** A row result as stored since cells are kept by name. */
export interface CellsByName<C extends string> {
  cells: ResultCells<C>;
}

/** A row result as stored before: its cells by position, in a column order that was fixed at the time. */
export interface CellsByPosition {
  values: string[];
}

/** A kind's row result document as its collection may hold it: by name, or by position when written before. */
export type StoredRowResult<D extends CellsByName<string>> = D | (Omit<D, 'cells'> & CellsByPosition);

/**
 * The upcaster of stored row results: a row kept by position (`values`, in `positionalOrder`, the order
 * its kind's columns had while rows were stored that way) reads as the same cells by name, so read models
 * written before need no rebuild. `positionalOrder` is frozen history: never edit it when a column is added.
 */
export function storedCells<C extends string>(
  row: CellsByName<C> | CellsByPosition,
  positionalOrder: readonly C[],
): ResultCells<C> {
  if ('cells' in row) return row.cells;
  const cells: Partial<Record<C, string>> = {};
  positionalOrder.forEach((column, k) => {
    if (k < row.values.length) cells[column] = row.values[k];
  });
  return cells;
}
