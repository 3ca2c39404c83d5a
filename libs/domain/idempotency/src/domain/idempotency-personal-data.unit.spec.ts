import { createHash } from 'node:crypto';
import { IDEMPOTENCY_PERSONAL_DATA } from './idempotency-personal-data';
import { idempotencyStream, type IdempotentResponseRecorded } from './idempotency.events';

const [recorded] = IDEMPOTENCY_PERSONAL_DATA;
const stream = idempotencyStream('acc-7', createHash('sha256').update('key-1').digest('hex'));

describe('idempotency personal data', () => {
  const data: IdempotentResponseRecorded['data'] = {
    requestHash: 'h1',
    claimId: 'c1',
    response: { data: { email: 'ada@example.com', result: 'ok', creditsCharged: 1, tags: ['x'], smtp: null } },
    at: '2026-11-28T23:59:00.000Z',
  };

  it("seals the whole response under the account's calls day, the account read from the stream name", () => {
    const { clear, parts } = recorded.split(data, stream);
    expect(JSON.stringify(clear)).not.toContain('ada');
    expect(parts).toEqual([{ scopes: ['account:acc-7:calls:2026-11-28'], value: data.response }]);
    expect(recorded.join(clear, [JSON.parse(JSON.stringify(parts[0].value))])).toEqual(data);
  });

  it('reads an erased response as its skeleton: strings null, counts and charges kept', () => {
    const { clear } = recorded.split(data, stream);
    expect(recorded.join(clear, [null])).toEqual({
      ...data,
      response: { data: { email: null, result: null, creditsCharged: 1, tags: [null], smtp: null } },
    });
  });

  it('refuses a stream that is not an idempotency key', () => {
    expect(() => recorded.split(data, 'idempotency-acc-7-nothex')).toThrow(/not an idempotency stream/);
  });
});
