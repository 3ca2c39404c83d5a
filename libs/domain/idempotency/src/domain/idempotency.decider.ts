import { Decider, DomainError } from '@lib/common';
import { IdempotencyCommand, IdempotencyEvent } from './idempotency.events';

export type IdempotencyState =
  | { status: 'free'; previousClaimId?: string; previousWork?: string }
  | { status: 'claimed'; requestHash: string; claimId: string; at: string; work?: string }
  | { status: 'recorded'; requestHash: string; response: unknown };

/**
 * One Idempotency-Key: free -> claimed (one request runs) -> recorded (its response is replayed
 * forever) or back to free when it failed. A claim on a recorded or running key decides nothing:
 * the caller reads the state to replay or wait. A different request body is refused. A claim that
 * follows another (stale or released) names it, so the new claimant can find work already recorded.
 */
export const idempotencyDecider: Decider<IdempotencyCommand, IdempotencyEvent, IdempotencyState> = {
  initialState: { status: 'free' },

  decide(command, state) {
    switch (command.type) {
      case 'ClaimKey': {
        if (state.status !== 'free' && state.requestHash !== command.requestHash)
          throw new DomainError('IDEMPOTENCY_KEY_REUSED');
        if (state.status === 'recorded') return [];
        if (state.status === 'claimed' && state.at >= command.staleBefore) return [];
        const supersedes = state.status === 'claimed' ? state.claimId : state.previousClaimId;
        const supersededWork = state.status === 'claimed' ? state.work : state.previousWork;
        const data = {
          requestHash: command.requestHash,
          claimId: command.claimId,
          at: command.at,
          ...(supersedes ? { supersedes } : {}),
          ...(supersededWork ? { supersededWork } : {}),
          ...(state.status === 'claimed' ? { staleClaimAt: state.at } : {}),
        };
        return [{ type: 'IdempotencyKeyClaimed', data }];
      }
      case 'BindWork': {
        if (state.status !== 'claimed' || state.claimId !== command.claimId)
          throw new DomainError(
            'IDEMPOTENCY_IN_PROGRESS',
            'This request lost its Idempotency-Key to a retry; the retry carries on.',
          );
        return [
          { type: 'IdempotentWorkBound', data: { claimId: command.claimId, work: command.work, at: command.at } },
        ];
      }
      case 'RecordResponse':
        if (state.status !== 'claimed' || state.claimId !== command.claimId) return []; // the claim was taken over
        return [
          {
            type: 'IdempotentResponseRecorded',
            data: {
              requestHash: state.requestHash,
              claimId: command.claimId,
              response: command.response,
              at: command.at,
            },
          },
        ];
      case 'ReleaseKey':
        if (state.status !== 'claimed' || state.claimId !== command.claimId) return [];
        return [
          {
            type: 'IdempotencyKeyReleased',
            data: { claimId: command.claimId, reason: command.reason, at: command.at },
          },
        ];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'IdempotencyKeyClaimed':
        return {
          status: 'claimed',
          requestHash: event.data.requestHash,
          claimId: event.data.claimId,
          at: event.data.at,
        };
      case 'IdempotentWorkBound':
        return state.status === 'claimed' ? { ...state, work: event.data.work } : state;
      case 'IdempotentResponseRecorded':
        return { status: 'recorded', requestHash: event.data.requestHash, response: event.data.response };
      case 'IdempotencyKeyReleased':
        return {
          status: 'free',
          previousClaimId: event.data.claimId,
          ...(state.status === 'claimed' && state.work ? { previousWork: state.work } : {}),
        };
    }
  },
};
