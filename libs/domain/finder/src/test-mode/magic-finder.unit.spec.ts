import { isFreeProvider } from '@lib/verification-engine';
import { EmailFinder } from '../domain/find-email';
import { MagicCandidateProber } from './magic-candidate-prober';
import { MagicDomainFormats } from './magic-domain-formats';
import { MAGIC_DOMAINS, MAGIC_FINDER_SLOW_MS } from './magic-domains';

const waits: number[] = [];
const finder = new EmailFinder(new MagicCandidateProber(async (ms) => void waits.push(ms)), new MagicDomainFormats(), {
  isFreeDomain: isFreeProvider,
  now: () => 0,
});
const find = (domain: string, lane?: 'bulk') =>
  finder.find({ firstName: 'Ada', lastName: 'Lovelace', domain }, lane ? { lane } : {});

describe('test mode finder table', () => {
  it.each([
    ['found.acme.com', { status: 'Found', reason: 'found', result: 'Ok', email: 'ada.lovelace@found.acme.com' }],
    ['slow.acme.com', { status: 'Found', reason: 'found', result: 'Ok' }],
    ['catch-all.acme.com', { status: 'Found', reason: 'catch_all', result: 'Catch-all' }],
    ['known-format.acme.com', { status: 'Found', reason: 'known_format_unverified', result: 'Unknown' }],
    ['not-found.acme.com', { status: 'Not Found', reason: 'not_found' }],
    ['unverifiable.acme.com', { status: 'Not Found', reason: 'unverifiable', result: 'Unknown' }],
    ['no-mail-server.acme.com', { status: 'Not Found', reason: 'no_mail_server', quality: 'Bad' }],
    ['invalid-domain.acme.com', { status: 'Not Found', reason: 'invalid_domain' }],
    ['reserved-domain.acme.com', { status: 'Not Found', reason: 'reserved_domain' }],
    ['disposable.acme.com', { status: 'Not Found', reason: 'disposable_domain' }],
    ['gmail.com', { status: 'Not Found', reason: 'unsupported_free_domain' }],
    ['acme.com', { status: 'Not Found', reason: 'unverifiable' }],
  ])('%s answers %j', async (domain, expected) => {
    expect(await find(domain)).toMatchObject(expected);
  });

  it('has a test for every row', () => {
    expect(Object.keys(MAGIC_DOMAINS).sort()).toEqual(
      [
        'catch-all',
        'disposable',
        'found',
        'invalid-domain',
        'known-format',
        'no-mail-server',
        'not-found',
        'reserved-domain',
        'slow',
        'unverifiable',
      ].sort(),
    );
  });

  it('waits on slow. domains', async () => {
    waits.length = 0;
    await find('slow.acme.com');
    expect(waits).toEqual([MAGIC_FINDER_SLOW_MS]);
  });

  it.each([
    ['insufficient-credits.acme.com', 402],
    ['too-many-requests.acme.com', 429],
    ['service-unavailable.acme.com', 503],
  ])('%s answers %d on a call, and reads as outside the table in a job', async (domain, status) => {
    await expect(find(domain)).rejects.toMatchObject({ status });
    expect(await find(domain, 'bulk')).toMatchObject({ reason: 'unverifiable' });
  });
});
