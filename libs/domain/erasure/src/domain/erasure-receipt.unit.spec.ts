import type { ErasureProgress } from './erasure.decider';
import { erasureReceipt } from './erasure-receipt';

const request = {
  erasureId: 'account',
  accountId: 'acc',
  target: { kind: 'account' as const, accountIds: ['acc', 'test_acc'] },
  scopes: ['account:acc:', 'account:test_acc:'],
  keyGenerations: [],
  keysHeld: 42,
  requestedBy: { keyId: 'session:s', userId: 'u' },
  requestedAt: '2026-01-01T00:00:00.000Z',
};

describe('erasure receipt', () => {
  it("counts an account's keys by what its prefixes held, once destroyed", () => {
    const requested: ErasureProgress = { step: 'requested', request };
    expect(erasureReceipt(requested, 'T').keysDestroyed).toBe(0);
    const destroyed: ErasureProgress = {
      step: 'keys-destroyed',
      request,
      destroyedAt: '2026-01-01T00:00:01.000Z',
      inForceAt: '2026-01-01T00:00:02.000Z',
    };
    expect(erasureReceipt(destroyed, 'T')).toMatchObject({ keysDestroyed: 42, status: 'erasing' });
  });

  it('counts the key generations listed when the scopes are not prefixes', () => {
    const job = {
      ...request,
      keysHeld: undefined,
      keyGenerations: ['k1'],
      target: { kind: 'job' as const, jobId: 1, jobKind: 'verification' },
    };
    const progress: ErasureProgress = { step: 'keys-destroyed', request: job, destroyedAt: 't', inForceAt: 't' };
    expect(erasureReceipt(progress, 'T').keysDestroyed).toBe(1);
  });
});
