import { toRelayMessage } from './relay-message';

describe('relay message', () => {
  it('drops password and secret hashes from the relayed data, keeping the rest', () => {
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
    expect(message.data).toEqual({ userId: '7', sessionId: 's', address: '127.0.0.1' });
    expect(message).toMatchObject({ category: 'users', stream: 'users-7', position: 42 });
  });
});
