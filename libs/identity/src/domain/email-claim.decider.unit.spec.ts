import { deciderSpec, refusalOf } from '@lib/common/testing';
import { emailClaimDecider } from './email-claim.decider';
import { EmailClaimEvent } from './email-claim.events';

const at = '2025-01-01T00:00:00.000Z';
const claimed: EmailClaimEvent = { type: 'EmailClaimed', data: { email: 'a@x.io', userId: '1', claimedAt: at } };
const released: EmailClaimEvent = { type: 'EmailReleased', data: { email: 'a@x.io', userId: '1', releasedAt: at } };

const given = deciderSpec(emailClaimDecider);

describe('email claim', () => {
  it('claims a free address for the user who asks', () => {
    expect(given([]).when({ type: 'ClaimEmail', email: 'a@x.io', userId: '1', at })).toEqual([claimed]);
    expect(given([claimed, released]).when({ type: 'ClaimEmail', email: 'a@x.io', userId: '2', at })).toEqual([{ type: 'EmailClaimed', data: { email: 'a@x.io', userId: '2', claimedAt: at } }]);
  });

  it('refuses a second user, accepts the same user again as a no-op, and moves an abandoned claim', () => {
    expect(refusalOf(() => given([claimed]).when({ type: 'ClaimEmail', email: 'a@x.io', userId: '2', at }))).toBe('EMAIL_TAKEN');
    expect(given([claimed]).when({ type: 'ClaimEmail', email: 'a@x.io', userId: '1', at })).toEqual([]);
    expect(given([claimed]).when({ type: 'ClaimEmail', email: 'a@x.io', userId: '2', abandonedBy: '1', at })).toHaveLength(1);
  });

  it('refuses to move a claim abandoned by someone other than its holder', () => {
    expect(refusalOf(() => given([claimed]).when({ type: 'ClaimEmail', email: 'a@x.io', userId: '2', abandonedBy: '3', at }))).toBe('EMAIL_TAKEN');
  });

  it('releases only the holder\'s claim, once', () => {
    expect(given([claimed]).when({ type: 'ReleaseEmail', email: 'a@x.io', userId: '1', at })).toEqual([released]);
    expect(given([claimed]).when({ type: 'ReleaseEmail', email: 'a@x.io', userId: '2', at })).toEqual([]);
    expect(given([claimed, released]).when({ type: 'ReleaseEmail', email: 'a@x.io', userId: '1', at })).toEqual([]);
    expect(given([]).when({ type: 'ReleaseEmail', email: 'a@x.io', userId: '1', at })).toEqual([]);
  });

  it('folds a release back to a free address', () => {
    expect(given([claimed]).state).toEqual({ status: 'claimed', userId: '1', claimedAt: at });
    expect(given([claimed, released]).state).toEqual({ status: 'free' });
  });
});
