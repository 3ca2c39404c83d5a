import type { Decider } from '@lib/common';
import type { ErasureCommand } from './erasure.commands';
import type { ErasureEvent, ErasureRequested } from './erasure.events';

/** Where one erasure stands: asked, keys destroyed, completed (read models and blobs cleaned). */
export type ErasureProgress =
  | { step: 'requested'; request: ErasureRequested['data'] }
  | { step: 'keys-destroyed'; request: ErasureRequested['data']; destroyedAt: string; inForceAt: string }
  | {
      step: 'completed';
      request: ErasureRequested['data'];
      destroyedAt: string;
      inForceAt: string;
      removed: Record<string, number>;
      completedAt: string;
    };

/** An account's erasures by id, in the order they were asked. */
export type ErasuresState = Record<string, ErasureProgress>;

/**
 * The erasures of one account. Each step is recorded once and only after the one before it: a step run
 * again (a redelivered message, a run resumed after a crash) decides nothing.
 */
export const erasureDecider: Decider<ErasureCommand, ErasureEvent, ErasuresState> = {
  initialState: {},
  decide(command, state) {
    const current = state[command.erasureId];
    switch (command.type) {
      case 'RequestErasure': {
        if (current) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'ErasureRequested', data }];
      }
      case 'RecordKeysDestroyed':
        if (current?.step !== 'requested') return [];
        return [
          {
            type: 'ErasureKeysDestroyed',
            data: {
              erasureId: command.erasureId,
              accountId: current.request.accountId,
              destroyedAt: command.at,
              inForceAt: command.inForceAt,
            },
          },
        ];
      case 'CompleteErasure':
        if (current?.step !== 'keys-destroyed') return [];
        return [
          {
            type: 'ErasureCompleted',
            data: {
              erasureId: command.erasureId,
              accountId: current.request.accountId,
              removed: command.removed,
              completedAt: command.at,
            },
          },
        ];
    }
  },
  evolve(state, event) {
    const id = event.data.erasureId;
    const current = state[id];
    switch (event.type) {
      case 'ErasureRequested':
        return { ...state, [id]: { step: 'requested', request: event.data } };
      case 'ErasureKeysDestroyed':
        if (current?.step !== 'requested') return state;
        return { ...state, [id]: { ...current, step: 'keys-destroyed', ...pick(event.data) } };
      case 'ErasureCompleted':
        if (current?.step !== 'keys-destroyed') return state;
        return {
          ...state,
          [id]: { ...current, step: 'completed', removed: event.data.removed, completedAt: event.data.completedAt },
        };
    }
  },
};

const pick = ({ destroyedAt, inForceAt }: { destroyedAt: string; inForceAt: string }) => ({ destroyedAt, inForceAt });
