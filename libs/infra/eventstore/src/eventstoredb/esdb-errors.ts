import {
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
} from '@eventstore/db-client';
import { UnsupportedServerError } from './esdb-server-version';

/** gRPC status codes (INVALID_ARGUMENT, OUT_OF_RANGE); @grpc/grpc-js is only the client's dependency, not ours. */
const BAD_POSITION_CODES = new Set([3, 11]);

/** Errors after which an append may or may not have been written: the command retries it with the same ids. */
export function isOutcomeUnknown(error: unknown): error is Error {
  return (
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof UnavailableError ||
    error instanceof CancelledError ||
    // Not written, but the client reconnects to the leader, so a retry lands there.
    error instanceof NotLeaderError
  );
}

/**
 * Why retrying will not help until an operator acts, or null for a transient failure: the user lacks read
 * access to $all ($admins-only by default), the server is too old, or the start position is not one of
 * this log's (a checkpoint carried over from another store).
 */
export function operatorProblem(error: unknown): string | null {
  if (error instanceof AccessDeniedError) {
    return `access denied (${error.message}): the service's user needs read access to $all, which only $admins have by default`;
  }
  if (error instanceof UnsupportedServerError) return error.message;
  const code = (error as { code?: number }).code;
  if (code !== undefined && BAD_POSITION_CODES.has(code)) {
    return `the server refused the start position (${(error as Error).message}): a checkpoint from another event store? See "Switching event stores" in docs/production.md`;
  }
  return null;
}
