import type { RecordedEvent } from '@lib/eventstore';
import { knownAddressesErasure } from './known-addresses.erasure';
import { knownAddressesWorld } from './known-addresses.spec-world';
import { type FoundAddress, knownAddressesProjection } from './known-addresses.projection';

const projection = knownAddressesProjection({ Found: (event) => event.data.found as FoundAddress[] });
let position = 0;
const found = (accountId: string, email: string, firstName: string): RecordedEvent => ({
  id: `e${++position}`,
  type: 'Found',
  streamId: `finder-${accountId}`,
  revision: 0,
  position,
  data: { found: [{ accountId, input: { firstName, lastName: 'Quist' }, outcome: { email, result: 'Ok' } }] },
  metadata: {},
  recordedAt: '2026-01-01T00:00:00.000Z',
});

describe('finder known addresses under erasure', () => {
  const { reads, learn, emails } = knownAddressesWorld(projection);

  it("teaches an address once however many accounts confirmed it, the newest account's names", async () => {
    await learn(found('a', 'Zelda.Quist@Beta.test', 'Zelda'), found('b', 'zelda.quist@beta.test', 'Z'));
    expect(await emails('beta.test')).toEqual(['zelda.quist@beta.test Z']);
  });

  describe("an address erasure (a data subject's request to one account)", () => {
    it('removes what that account taught of the address, and nothing another account confirmed', async () => {
      await learn(found('a', 'zelda.quist@beta.test', 'Zelda'), found('a', 'keep.me@beta.test', 'Keep'));
      await learn(found('b', 'zelda.quist@beta.test', 'Z'));
      await knownAddressesErasure(reads()).forgetAddress('a', ' Zelda.Quist@BETA.test ');
      expect(await emails('beta.test')).toEqual(['keep.me@beta.test Keep', 'zelda.quist@beta.test Z']);
      await knownAddressesErasure(reads()).forgetAddress('b', 'zelda.quist@beta.test');
      expect(await emails('beta.test')).toEqual(['keep.me@beta.test Keep']);
    });

    it('removes an entry of unknown origin (projected before entries named their account)', async () => {
      await reads()
        .collection('finder_known_addresses')
        .upsert({
          _id: 'beta.test',
          domain: 'beta.test',
          addresses: [{ email: 'zelda.quist@beta.test', firstName: 'Zelda', lastName: 'Quist' }],
          updatedAt: 't',
          _position: 1,
        });
      await knownAddressesErasure(reads()).forgetAddress('a', 'zelda.quist@beta.test');
      expect(await emails('beta.test')).toEqual([]);
    });

    it('keeps the position, so a redelivered event taught before the erasure does not teach it again', async () => {
      const taught = found('a', 'zelda.quist@beta.test', 'Zelda');
      await learn(taught);
      await knownAddressesErasure(reads()).forgetAddress('a', 'zelda.quist@beta.test');
      await learn(taught);
      expect(await emails('beta.test')).toEqual([]);
    });
  });

  it('removes at closure every entry the account and its test mode taught, across domains', async () => {
    await learn(found('a', 'zelda.quist@beta.test', 'Zelda'), found('test_a', 'piet@gamma.test', 'Piet'));
    await learn(found('b', 'keep.me@gamma.test', 'Keep'), found('b', 'zelda.quist@beta.test', 'Z'));
    const erasure = knownAddressesErasure(reads());
    for (let run = 0; run < 2; run++) await erasure.forgetAccounts(['a', 'test_a']);
    expect(await emails('beta.test')).toEqual(['zelda.quist@beta.test Z']);
    expect(await emails('gamma.test')).toEqual(['keep.me@gamma.test Keep']);
  });
});
