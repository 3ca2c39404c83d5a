import { useEffect, useRef, useState } from 'react';
import { columnLabel, CsvPreview } from '../lib/csv-preview';

/** Whether the element is wider inside than it shows (its table is cut off), kept true to the window's width. */
function useOverflows<T extends HTMLElement>(deps: unknown[]) {
  const ref = useRef<T>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const check = () => setOverflowing(!!ref.current && ref.current.scrollWidth > ref.current.clientWidth + 1);
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, deps); // eslint-disable-line react-hooks/exhaustive-deps
  return { ref, overflowing };
}

/**
 * The first rows of the chosen file, with the email column highlighted and a chooser to change it.
 * The chooser lists every column; the detected one is preselected by the page.
 */
export function UploadPreview({
  preview,
  emailColumn,
  onColumnChange,
  idPrefix = 'upload',
}: {
  preview: CsvPreview;
  emailColumn: number | null;
  onColumnChange: (index: number) => void;
  idPrefix?: string;
}) {
  const columns = Array.from({ length: preview.columnCount }, (_, k) => k);
  const selectId = `${idPrefix}-email-column`;
  // A phone shows two or three columns: the table says that it scrolls, and a shade marks the cut edge.
  const { ref: scroller, overflowing } = useOverflows<HTMLDivElement>([preview, emailColumn]);
  return (
    <div className="upload-preview">
      <label htmlFor={selectId}>Email column</label>
      <select
        id={selectId}
        value={emailColumn ?? ''}
        onChange={(e) => onColumnChange(Number(e.target.value))}
        aria-describedby={`${selectId}-hint`}
      >
        {emailColumn === null && <option value="">Choose the column with the addresses</option>}
        {columns.map((k) => (
          <option key={k} value={k}>
            {columnLabel(preview, k)}
          </option>
        ))}
      </select>
      <p id={`${selectId}-hint`} className="hint">
        {emailColumn === null
          ? 'No column looks like email addresses: choose one.'
          : preview.emailColumn === emailColumn
            ? 'Detected automatically; change it if it is wrong.'
            : 'Chosen by you.'}
      </p>
      {overflowing && (
        <p className="scroll-hint hint" data-testid="scroll-hint">
          The table is wider than the screen: scroll it sideways to see every column →
        </p>
      )}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="First rows of the file" ref={scroller}>
        <table>
          <caption>
            First {preview.rows.length} rows{preview.hasHeader ? ' (after the header)' : ''}
          </caption>
          <thead>
            <tr>
              {columns.map((k) => (
                <th key={k} scope="col" className={k === emailColumn ? 'chosen' : undefined}>
                  {columnLabel(preview, k)}
                  {k === emailColumn ? ' (email)' : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, r) => (
              <tr key={r}>
                {columns.map((k) => (
                  <td key={k} className={k === emailColumn ? 'chosen' : undefined}>
                    {row[k] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
