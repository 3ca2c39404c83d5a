import type { Doc, Filter, ReadCollection } from './read-store.port';

/** A page of a list endpoint: 1-based `page` of `pageSize` documents. */
export interface PageWindow {
  page: number;
  pageSize: number;
}

/**
 * One page of the documents matching `filter` in `sort` order, and how many match in all: the read every
 * paged list (jobs, finder jobs, deliveries, orders, transactions) makes. Sort by a unique field last so
 * pages never overlap.
 */
export async function readPage<T extends Doc>(
  collection: ReadCollection<T>,
  query: { filter: Filter; sort: Record<string, 1 | -1> },
  window: PageWindow,
): Promise<{ docs: T[]; total: number }> {
  const [docs, total] = await Promise.all([
    collection.find({
      filter: query.filter,
      sort: query.sort,
      skip: (window.page - 1) * window.pageSize,
      limit: window.pageSize,
    }),
    collection.count(query.filter),
  ]);
  return { docs, total };
}
