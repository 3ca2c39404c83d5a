import { DomainError } from './domain-error';

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** Hard cap on page sizes: larger values are rejected rather than silently truncated, so clients notice. */
export const MAX_PAGE_SIZE = 100;

/** Parses page/pageSize query values (strings or absent) with the endpoint's defaults. */
export function parsePageRequest(
  page: unknown,
  pageSize: unknown,
  defaultSize: number,
  sizeName = 'pageSize',
): PageRequest {
  const parsedPage = parsePositiveInt(page, 1, 'page');
  const parsedSize = parsePositiveInt(pageSize, defaultSize, sizeName);
  if (parsedSize > MAX_PAGE_SIZE) {
    throw new DomainError('BAD_PAGINATION', `${sizeName} must be at most ${MAX_PAGE_SIZE}.`);
  }
  return { page: parsedPage, pageSize: parsedSize };
}

function parsePositiveInt(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === null || value === '') return fallback;
  const text = String(value);
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) {
    throw new DomainError('BAD_PAGINATION', `${name} must be a positive integer.`);
  }
  return Number(text);
}

export function toPage<T>(items: T[], request: PageRequest, total: number): Page<T> {
  return {
    items,
    page: request.page,
    pageSize: request.pageSize,
    total,
    totalPages: Math.ceil(total / request.pageSize),
  };
}
