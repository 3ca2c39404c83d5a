import { Metrics } from '../metrics';
import { answerScrape } from './scrape';

describe('answering a scrape', () => {
  const metrics = new Metrics();
  const token = 'scrape-token-0123456789';

  it('answers the exposition without a check when no token is configured (own listener only)', async () => {
    const answer = await answerScrape(metrics, null, undefined);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(metrics.contentType);
    expect(answer.body).toContain('process_cpu_seconds_total');
  });

  it('answers the exposition to the configured bearer token, whatever the scheme case', async () => {
    expect((await answerScrape(metrics, token, `Bearer ${token}`)).status).toBe(200);
    expect((await answerScrape(metrics, token, `bearer ${token}`)).status).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['another token', 'Bearer scrape-token-0123456780'],
    ['a prefix of the token', 'Bearer scrape-token'],
    ['the token under another scheme', `Basic ${token}`],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s with a plain-text 401 that reveals nothing', async (_case, authorization) => {
    const answer = await answerScrape(metrics, token, authorization);
    expect(answer).toEqual({
      status: 401,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' },
      body: 'Unauthorized\n',
    });
  });
});
