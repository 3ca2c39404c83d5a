// The shared primitives every lib builds on: errors, the clock, the decider and its upcasting, paging, ids.
export { ErrorCodes, type ErrorName } from './error-codes';
export { DomainError } from './domain-error';
export { Clock, SystemClock } from './clock';
export { type DomainEvent } from './domain-event';
export type { Decider } from './decider';
export { upcast, type StoredEvent, type Upcaster, type Upcasters } from './upcasting';
export { MAX_PAGE_SIZE, parsePageRequest, toPage, type Page, type PageRequest } from './pagination';
export { isNumericId, newNumericId } from './numeric-id';
export { WakeSignal } from './wake-signal';
export { describeByteSize } from './byte-size';
export { settleWithin } from './settle-within';
export { mapBounded } from './map-bounded';
export { MemoByKey } from './memo-by-key';
export { PeriodicSweep } from './periodic-sweep';
export { outcomesInSavepoints, SameTurnGroups, type GroupOutcome } from './same-turn-groups';
export { accountModeOf, isTestAccount, liveAccountOf, testAccountOf, type AccountMode } from './account-mode';
export { abortablePause, type Pause } from './abortable-pause';
export { openSqlite } from './open-sqlite';
