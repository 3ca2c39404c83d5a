import type { RequestedColumns } from '@lib/finder';

/** POST /v1/finder/jobs fields: firstNameColumn / lastNameColumn / domainColumn, header name or zero-based index. */
export function parseFinderJobOptions(fields: Record<string, string>): RequestedColumns {
  const column = (name: string) => fields[name]?.trim() || undefined;
  return { firstName: column('firstNameColumn'), lastName: column('lastNameColumn'), domain: column('domainColumn') };
}
