import { ERASURE_PERSONAL_DATA } from './erasure-personal-data';
import { addressErasureId } from './erasure-stream';
import type { ErasuresState } from './erasure.decider';
import type { ErasureRequested } from './erasure.events';

const [policy] = ERASURE_PERSONAL_DATA;
const request = (erasureId: string, digest: string, address: string | null = null): ErasureRequested['data'] => ({
  erasureId,
  accountId: 'acc',
  target: { kind: 'address', digest },
  scopes: [`account:acc:address:${digest}`],
  keyGenerations: [],
  requestedBy: { keyId: 'k', userId: null },
  requestedAt: '2026-01-01T00:00:00.000Z',
  ...(address ? { address } : {}),
});

describe('erasure personal data', () => {
  it("seals the address of a subject's request under the erasure's own scope, nothing in the clear", () => {
    const { clear, parts } = policy.split(request('address-d-1', 'd', 'jane@x.test'));
    expect(JSON.stringify(clear)).not.toContain('jane');
    expect(parts).toEqual([{ scopes: ['account:acc:erasure:address-d-1'], value: 'jane@x.test' }]);
    expect(policy.join(clear, ['jane@x.test']).address).toBe('jane@x.test');
    expect(policy.join(clear, [null]).address).toBeNull();
  });

  it("seals nothing of a job's erasure", () => {
    const job = { ...request('job-1', 'd'), target: { kind: 'job', jobId: 1, jobKind: 'verification' } };
    expect(policy.split(job).parts).toEqual([]);
  });
});

describe('address erasure id', () => {
  const requested = (id: string, digest: string) => ({ step: 'requested' as const, request: request(id, digest) });
  const completed = (id: string, digest: string) => ({
    step: 'completed' as const,
    request: request(id, digest),
    destroyedAt: 't',
    inForceAt: 't',
    removed: {},
    completedAt: 't',
  });

  it('is the first of its digest when none was asked', () => {
    expect(addressErasureId({}, 'd')).toBe('address-d-1');
  });

  it('finds the erasure still running for the digest', () => {
    const state: ErasuresState = { 'address-d-1': requested('address-d-1', 'd') };
    expect(addressErasureId(state, 'd')).toBe('address-d-1');
  });

  it('is a new one once the earlier erasures of the digest are done, whatever other digests do', () => {
    const state: ErasuresState = {
      'address-d-1': completed('address-d-1', 'd'),
      'address-e-1': requested('address-e-1', 'e'),
    };
    expect(addressErasureId(state, 'd')).toBe('address-d-2');
  });
});
