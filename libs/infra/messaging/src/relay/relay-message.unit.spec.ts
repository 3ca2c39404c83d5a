import { toRelayMessage } from './relay-message';

describe('relay message', () => {
  it('drops password and secret hashes (and, on events.users, the client address) from the relayed data, keeping the rest', () => {
    const message = toRelayMessage({
      id: 'e1',
      type: 'SessionStarted',
      streamId: 'users-7',
      revision: 3,
      position: 42,
      metadata: {},
      recordedAt: '2025-01-01T00:00:00.000Z',
      data: {
        userId: '7',
        sessionId: 's',
        secretHash: 'aa',
        csrfHash: 'bb',
        passwordHash: '$argon2id$…',
        tokenHash: 'cc',
        confirmTokenHash: 'dd',
        address: '127.0.0.1',
      },
    });
    expect(message?.data).toEqual({ userId: '7', sessionId: 's' });
    expect(message).toMatchObject({ category: 'users', stream: 'users-7', position: 42 });
  });

  describe('finding 8: deep, per topic', () => {
    const relayed = (streamId: string, type: string, data: Record<string, unknown>) =>
      toRelayMessage({ id: 'e', type, streamId, revision: 0, position: 1, metadata: {}, recordedAt: 'x', data })?.data;

    it('drops a checkout answer stored under an Idempotency-Key, client secret and all, from events.idempotency', () => {
      const response = { status: 201, body: { data: { orderId: '9', clientSecret: 'pi_1_secret_2' } } };
      expect(
        relayed('idempotency-7-abc', 'IdempotentResponseRecorded', {
          requestHash: 'h',
          claimId: 'c',
          response,
          at: 'x',
        }),
      ).toEqual({ requestHash: 'h', claimId: 'c', at: 'x' });
    });

    it('drops secret fields at any depth, in objects and arrays, on every topic', () => {
      expect(
        relayed('webhooks-1', 'Anything', {
          keep: 1,
          nested: { clientSecret: 's', client_secret: 's', list: [{ tokenHash: 't', n: 2 }, 'text', null] },
        }),
      ).toEqual({ keep: 1, nested: { list: [{ n: 2 }, 'text', null] } });
    });

    it('drops addresses, names, companies, client addresses and user agents from events.users, keeping ids and times', () => {
      expect(
        relayed('users-7', 'EmailChanged', { userId: '7', oldEmail: 'a@x.test', newEmail: 'b@x.test', changedAt: 't' }),
      ).toEqual({ userId: '7', changedAt: 't' });
      expect(
        relayed('users-7', 'UserRegistered', {
          userId: '7',
          email: 'a@x.test',
          name: 'Ada',
          company: 'E',
          registeredAt: 't',
        }),
      ).toEqual({ userId: '7', registeredAt: 't' });
    });

    it('drops the invited address from events.accounts', () => {
      expect(
        relayed('accounts-3', 'MemberInvited', { accountId: '3', inviteId: 'i', email: 'g@x.test', role: 'admin' }),
      ).toEqual({ accountId: '3', inviteId: 'i', role: 'admin' });
    });
  });

  describe("issue 39: an allowlist of fields per event type on the topics of customers' lists", () => {
    const allowlists = { jobs: { JobQueued: { jobId: true, file: { planKey: true, name: false } } } };
    const message = (streamId: string, type: string, data: Record<string, unknown>) =>
      toRelayMessage(
        { id: 'e', type, streamId, revision: 0, position: 1, metadata: {}, recordedAt: 'x', data },
        allowlists,
      )?.data;

    it('publishes only the fields decided, at every depth', () => {
      expect(
        message('jobs-1', 'JobQueued', { jobId: 1, email: 'a@x.test', file: { planKey: 'p', name: 'ada.csv', n: 2 } }),
      ).toEqual({ jobId: 1, file: { planKey: 'p' } });
    });

    it('publishes no data of an event type without decisions, and none at all without allowlists', () => {
      expect(message('jobs-1', 'JobRenamed', { jobId: 1, name: 'ada.csv' })).toEqual({});
      for (const stream of ['jobs-1', 'verifications-1', 'finder-1', 'jobnotices-1'])
        expect(
          toRelayMessage({
            id: 'e',
            type: 'JobQueued',
            streamId: stream,
            revision: 0,
            position: 1,
            metadata: {},
            recordedAt: 'x',
            data: { jobId: 1, email: 'a@x.test' },
          })?.data,
        ).toEqual({});
    });
  });

  describe('finding 4: an allowlist of topics', () => {
    const message = (streamId: string, type: string, data: Record<string, unknown>) =>
      toRelayMessage({ id: 'e', type, streamId, revision: 0, position: 1, metadata: {}, recordedAt: 'x', data });

    it('publishes nothing of the email claims (an address and its user), not even the stream name', () => {
      const claims = `email-claims-${'ab'.repeat(32)}`;
      expect(message(claims, 'EmailClaimed', { email: 'ada@x.test', userId: '7', claimedAt: 't' })).toBeNull();
      expect(message(claims, 'EmailReleased', { email: 'ada@x.test', userId: '7', releasedAt: 't' })).toBeNull();
    });

    it('publishes nothing of a category nobody has decided on, nor of a stream without a category', () => {
      expect(message('newthing-1', 'Anything', { email: 'ada@x.test', id: '1' })).toBeNull();
      expect(message('legacy', 'Imported', { id: '1' })).toBeNull();
    });

    it('carries no address in clear on the topics whose events hold one (users, accounts, email claims)', () => {
      const held: Array<[string, string, Record<string, unknown>]> = [
        ['users-7', 'UserRegistered', { userId: '7', email: 'ada@x.test', registeredAt: 't' }],
        ['users-7', 'EmailChanged', { userId: '7', oldEmail: 'ada@x.test', newEmail: 'lace@x.test', changedAt: 't' }],
        ['accounts-3', 'MemberInvited', { accountId: '3', inviteId: 'i', email: 'grace@x.test', role: 'admin' }],
        [`email-claims-${'cd'.repeat(32)}`, 'EmailClaimed', { email: 'ada@x.test', userId: '7', claimedAt: 't' }],
      ];
      for (const [stream, type, data] of held)
        expect([stream, type, JSON.stringify(message(stream, type, data))]).toEqual([
          stream,
          type,
          expect.not.stringContaining('@x.test'),
        ]);
    });
  });
});
