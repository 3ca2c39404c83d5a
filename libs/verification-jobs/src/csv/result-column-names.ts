/**
 * Result columns appended at download, in their default order (`all`). Rows are stored by column name, so
 * a column may go anywhere in this list. This file imports nothing: the dashboard (web/, its own build,
 * without the libs' aliases) takes this very list for its column picker, so a column added here is offered
 * there too. `result-columns.ts` checks the list against the verdict and the recorded row.
 */
export const RESULT_COLUMNS = [
  'result',
  'resultCode',
  'subResult',
  'quality',
  'free',
  'role',
  'disposable',
  'catchAll',
  'didYouMean',
  'provider',
  'antiSpam',
  'riskScore',
] as const;
