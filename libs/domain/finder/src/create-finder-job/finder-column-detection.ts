import {
  columnCount,
  columnShare,
  detectEmailColumn,
  DOMAIN_HEADERS,
  FIRST_NAME_HEADERS,
  FULL_NAME_HEADERS,
  LAST_NAME_HEADERS,
  looksLikeDomainOrUrl,
  looksLikeEmail,
  normalizeHeaderName,
  URL_HEADERS,
  type ColumnMatch,
} from '@lib/jobs';

export type DomainSource = 'domain' | 'url' | 'email';

export interface DomainColumnMatch extends ColumnMatch {
  /** How to turn a cell into a domain: see `domainFromCell`. */
  source: DomainSource;
}

export interface FinderColumns {
  firstName?: ColumnMatch;
  lastName?: ColumnMatch;
  /** A whole-name column (`Name`, `Full Name`, `Contact`), looked for only when there is no first-name column. */
  fullName?: ColumnMatch;
  domain?: DomainColumnMatch;
}

const DOMAIN_VALUES_THRESHOLD = 0.5;
/** A `Contact` column whose cells are at least this often addresses or websites holds no names. */
const FULL_NAME_MAX_ADDRESS_SHARE = 0.5;

type HeaderLookup = (
  words: ReadonlySet<string>,
  parts: string[],
  accept?: (column: number) => boolean,
) => ColumnMatch | undefined;

/**
 * Finds the first name, last name and domain columns of a finder upload. Names are only
 * recognised by header (values cannot tell a first name from a last name); a header word
 * inside a longer name also counts (`Contact First Name`). Without a first-name column, a
 * whole-name column (`Name`, `Full Name`, `Contact`) whose cells are not mostly addresses is
 * taken instead; the finder splits each cell itself. The domain comes, in order of
 * preference, from a domain header, a website/URL header, a column whose values are mostly
 * domains or URLs, or the domain part of an email column. Missing entries mean not found.
 */
export function detectFinderColumns(header: readonly string[] | undefined, rows: readonly string[][]): FinderColumns {
  const names = (header ?? []).map(normalizeHeaderName);
  const used = new Set<number>();
  const claim = <T extends ColumnMatch>(match: T | undefined): T | undefined => {
    if (match) used.add(match.column);
    return match;
  };
  const byHeader: HeaderLookup = (words, parts, accept = () => true) => {
    const free = (k: number) => !used.has(k) && accept(k);
    let column = names.findIndex((name, k) => words.has(name) && free(k));
    if (column < 0) column = names.findIndex((name, k) => parts.some((part) => name.includes(part)) && free(k));
    return column < 0 ? undefined : { column, reason: 'header', headerName: header![column] };
  };

  const firstName = claim(byHeader(FIRST_NAME_HEADERS, ['firstname', 'givenname', 'prenom']));
  const lastName = claim(byHeader(LAST_NAME_HEADERS, ['lastname', 'surname', 'familyname']));
  const fullName = firstName ? undefined : claim(detectFullNameColumn(rows, byHeader));
  const domain = claim(detectDomainColumn(header, rows, used, byHeader));
  return { firstName, lastName, ...(fullName ? { fullName } : {}), domain };
}

function detectFullNameColumn(rows: readonly string[][], byHeader: HeaderLookup): ColumnMatch | undefined {
  const holdsNames = (column: number) =>
    columnShare(rows, column, (cell) => looksLikeEmail(cell) || looksLikeDomainOrUrl(cell)) <
    FULL_NAME_MAX_ADDRESS_SHARE;
  return byHeader(FULL_NAME_HEADERS, ['fullname', 'contactname', 'personname'], holdsNames);
}

function detectDomainColumn(
  header: readonly string[] | undefined,
  rows: readonly string[][],
  used: ReadonlySet<number>,
  byHeader: HeaderLookup,
): DomainColumnMatch | undefined {
  const domainHeader = byHeader(DOMAIN_HEADERS, ['domain']);
  if (domainHeader) return { ...domainHeader, source: 'domain' };
  const urlHeader = byHeader(URL_HEADERS, ['website', 'url']);
  if (urlHeader) return { ...urlHeader, source: 'url' };

  let best: { column: number; share: number } | undefined;
  const columns = Math.max(header?.length ?? 0, columnCount(rows));
  for (let column = 0; column < columns; column++) {
    if (used.has(column)) continue;
    const share = columnShare(rows, column, looksLikeDomainOrUrl);
    if (share >= DOMAIN_VALUES_THRESHOLD && (!best || share > best.share)) best = { column, share };
  }
  if (best) return { column: best.column, reason: 'values', source: 'url' };

  const email = detectEmailColumn(header, rows);
  return email && !used.has(email.column) ? { ...email, source: 'email' } : undefined;
}

/**
 * The lowercase domain in a cell of a detected domain column, or undefined when there is
 * none: `https://www.Acme.com/about` -> `acme.com`, `jo@Acme.com` -> `acme.com`.
 */
export function domainFromCell(cell: string, source: DomainSource): string | undefined {
  let value = cell.trim().toLowerCase();
  if (source === 'email') {
    const at = value.lastIndexOf('@');
    value = at < 0 ? '' : value.slice(at + 1);
  } else {
    value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^[^/@]*@/, '');
    value = value
      .split(/[/?#]/)[0]
      .replace(/:\d+$/, '')
      .replace(/^www\d*\./, '');
  }
  value = value.replace(/\.$/, '');
  return /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u.test(value) ? value : undefined;
}
