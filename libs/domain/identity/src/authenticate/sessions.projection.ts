import { documentProjection } from '@lib/readstore';
import { SessionEndReason, UserEvent } from '../domain/user.events';
import { userDecider } from '../domain/user.decider';

/** Server-side session records: every dashboard request reads its session here, so ending one logs it out at once. */
export interface SessionDoc {
  _id: string;
  userId: string;
  secretHash: string;
  csrfHash: string;
  userAgent: string;
  address: string;
  startedAt: string;
  expiresAt: string;
  endedAt: string | null;
  endReason: SessionEndReason | null;
  _position?: number;
}

export const SESSIONS_COLLECTION = 'dashboard_sessions';

export const sessionsProjection = documentProjection<SessionDoc, UserEvent>({
  name: 'dashboard-sessions',
  collection: SESSIONS_COLLECTION,
  eventTypes: ['SessionStarted', 'SessionEnded'],
  upcasters: userDecider.upcasters,
  documentId: (event) => ('sessionId' in event.data ? event.data.sessionId : null),
  evolve: (doc, event) => {
    switch (event.type) {
      case 'SessionStarted': {
        const { sessionId, ...d } = event.data;
        return { _id: sessionId, ...d, endedAt: null, endReason: null };
      }
      case 'SessionEnded':
        return doc && { ...doc, endedAt: event.data.endedAt, endReason: event.data.reason };
      default:
        return doc;
    }
  },
});
