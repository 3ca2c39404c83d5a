import { downloadHref, RESULT_COLUMNS } from './download-link';

const ALL_RESULTS = ['ok', 'catch_all', 'unknown', 'disposable', 'invalid', 'error'];

describe('download links for a job', () => {
  const path = '/v1/jobs/42/download';

  it('asks for nothing extra when every result and column is wanted', () => {
    expect(downloadHref(path, ALL_RESULTS, [...RESULT_COLUMNS])).toBe(path);
  });

  it('filters by result for deliverable and deliverable + catch-all', () => {
    expect(downloadHref(path, ['ok'], [...RESULT_COLUMNS])).toBe(`${path}?results=ok`);
    expect(downloadHref(path, ['ok', 'catch_all'], [...RESULT_COLUMNS])).toBe(`${path}?results=ok%2Ccatch_all`);
  });

  it('lists chosen columns in the service order, or none for the original file alone', () => {
    expect(downloadHref(path, ALL_RESULTS, ['riskScore', 'result'])).toBe(`${path}?columns=result%2CriskScore`);
    expect(downloadHref(path, ['ok'], [])).toBe(`${path}?results=ok&columns=none`);
  });
});
