import { deciderSpec } from '@lib/common/testing';
import { emailClaimDecider } from './email-claim.decider';
import { EmailClaimEvent } from './email-claim.events';

const at = '2025-01-01T00:00:00.000Z';
const claimed: EmailClaimEvent = { type: 'EmailClaimed', data: { email: 'a@x.io', userId: '1', claimedAt: at } };
const released: EmailClaimEvent = { type: 'EmailReleased', data: { email: 'a@x.io', userId: '1', releasedAt: at } };

const given = deciderSpec(emailClaimDecider);

describe('email claim', () => {
  it('claims a free address for the user who asks', () => {
    given([]).when({ type: 'ClaimEmail', email: 'a@x.io', userId: '1', at }).then([claimed]);
    given([claimed, released])
      .when({ type: 'ClaimEmail', email: 'a@x.io', userId: '2', at })
      .then([{ type: 'EmailClaimed', data: { email: 'a@x.io', userId: '2', claimedAt: at } }]);
  });

  it('refuses a second user, accepts the same user again as a no-op, and moves an abandoned claim', () => {
    given([claimed]).when({ type: 'ClaimEmail', email: 'a@x.io', userId: '2', at }).thenThrows('EMAIL_TAKEN');
    given([claimed]).when({ type: 'ClaimEmail', email: 'a@x.io', userId: '1', at }).then([]);
    expect(
      given([claimed]).when({ type: 'ClaimEmail', email: 'a@x.io', userId: '2', abandonedBy: '1', at }).events(),
    ).toHaveLength(1);
  });

  it('refuses to move a claim abandoned by someone other than its holder', () => {
    given([claimed])
      .when({ type: 'ClaimEmail', email: 'a@x.io', userId: '2', abandonedBy: '3', at })
      .thenThrows('EMAIL_TAKEN');
  });

  it("releases only the holder's claim, once", () => {
    given([claimed]).when({ type: 'ReleaseEmail', email: 'a@x.io', userId: '1', at }).then([released]);
    given([claimed]).when({ type: 'ReleaseEmail', email: 'a@x.io', userId: '2', at }).then([]);
    given([claimed, released]).when({ type: 'ReleaseEmail', email: 'a@x.io', userId: '1', at }).then([]);
    given([]).when({ type: 'ReleaseEmail', email: 'a@x.io', userId: '1', at }).then([]);
  });

  it('folds a release back to a free address', () => {
    expect(given([claimed]).state).toEqual({ status: 'claimed', userId: '1', claimedAt: at });
    expect(given([claimed, released]).state).toEqual({ status: 'free' });
  });
});
