import { deciderSpec } from '@lib/common/testing';
import type { RequestErasure } from './erasure.commands';
import { erasureDecider } from './erasure.decider';
import type { ErasureEvent } from './erasure.events';

const given = deciderSpec(erasureDecider);
const request: RequestErasure = {
  type: 'RequestErasure',
  erasureId: 'job-7',
  accountId: 'acc_1',
  target: { kind: 'job', jobId: 7, jobKind: 'verification' },
  scopes: ['account:acc_1:job:7'],
  keyGenerations: ['k1'],
  requestedBy: { keyId: 'key_1', userId: null },
  requestedAt: '2025-01-01T00:00:00.000Z',
};
const { type: _type, ...requestedData } = request;
const requested: ErasureEvent = { type: 'ErasureRequested', data: requestedData };
const destroyed: ErasureEvent = {
  type: 'ErasureKeysDestroyed',
  data: {
    erasureId: 'job-7',
    accountId: 'acc_1',
    destroyedAt: '2025-01-01T00:00:01.000Z',
    inForceAt: '2025-01-01T00:00:31.000Z',
  },
};
const destroy = {
  type: 'RecordKeysDestroyed' as const,
  erasureId: 'job-7',
  at: destroyed.data.destroyedAt,
  inForceAt: (destroyed.data as { inForceAt: string }).inForceAt,
};
const complete = { type: 'CompleteErasure' as const, erasureId: 'job-7', removed: { jobsPurged: 1 }, at: 'T' };

describe('erasure decider', () => {
  it('records a request once: asked again with the same id, it records nothing', () => {
    given([]).when(request).then([requested]);
    given([requested]).when(request).then([]);
  });

  it('records the keys destroyed only after the request, and only once', () => {
    given([]).when(destroy).then([]);
    given([requested]).when(destroy).then([destroyed]);
    given([requested, destroyed]).when(destroy).then([]);
  });

  it('completes only once the keys are recorded destroyed, and only once', () => {
    given([requested]).when(complete).then([]);
    const completed = given([requested, destroyed]).when(complete).events();
    expect(completed).toEqual([
      {
        type: 'ErasureCompleted',
        data: { erasureId: 'job-7', accountId: 'acc_1', removed: { jobsPurged: 1 }, completedAt: 'T' },
      },
    ]);
    given([requested, destroyed, ...completed])
      .when(complete)
      .then([]);
  });
});
