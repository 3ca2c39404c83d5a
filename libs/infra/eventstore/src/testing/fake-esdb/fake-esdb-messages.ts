import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { Empty, StreamIdentifier, UUID } from '@eventstore/db-client/generated/shared_pb';
import { ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import type { FakeRecord } from './fake-esdb-log';

/** The server's wire form of a stored record (ticks of 100 ns since the Unix epoch for `created`, as the server sends). */
export function readEvent(record: FakeRecord): ReadResp {
  const event = new ReadResp.ReadEvent.RecordedEvent();
  const id = new UUID();
  id.setString(record.id);
  event.setId(id);
  event.setStreamIdentifier(streamIdentifier(record.streamId));
  event.setStreamRevision(String(record.revision));
  event.setCommitPosition(String(record.position));
  event.setPreparePosition(String(record.position));
  event.getMetadataMap().set('type', record.type);
  event.getMetadataMap().set('content-type', record.contentType);
  event.getMetadataMap().set('created', String(BigInt(record.created.getTime()) * 10_000n));
  event.setData(record.data);
  event.setCustomMetadata(record.metadata);
  const read = new ReadResp.ReadEvent();
  read.setEvent(event);
  read.setCommitPosition(String(record.position));
  return new ReadResp().setEvent(read);
}

export function checkpoint(position: number): ReadResp {
  const message = new ReadResp.Checkpoint();
  message.setCommitPosition(String(position));
  message.setPreparePosition(String(position));
  return new ReadResp().setCheckpoint(message);
}

export function confirmation(id: string): ReadResp {
  const message = new ReadResp.SubscriptionConfirmation();
  message.setSubscriptionId(id);
  return new ReadResp().setConfirmation(message);
}

export function streamNotFound(streamId: string): ReadResp {
  const message = new ReadResp.StreamNotFound();
  message.setStreamIdentifier(streamIdentifier(streamId));
  return new ReadResp().setStreamNotFound(message);
}

export function streamIdentifier(streamId: string): StreamIdentifier {
  const identifier = new StreamIdentifier();
  identifier.setStreamName(Buffer.from(streamId, 'utf8'));
  return identifier;
}

export const empty = (): Empty => new Empty();

/** A failure the way the server reports it: a status plus the `exception` trailer the client maps to its error classes. */
export function serviceError(code: status, exception: string | null, details: string): Partial<ServiceError> {
  const metadata = new Metadata();
  if (exception) metadata.set('exception', exception);
  return { code, details, metadata, message: details };
}

/** What the server answers a read or subscription of $all from a position that is not a record's, the start or the end. */
export const INVALID_POSITION = 'Trying to read from an invalid position.';

/**
 * The read's start in the log, as an index into the records (forwards: the one at it; backwards: the one
 * before it), or null when the position is no record's (the server refuses those with INVALID_ARGUMENT).
 */
export function allStart(
  options: ReadReq.Options,
  records: FakeRecord[],
  backwards: boolean,
  end: number,
): number | null {
  const all = options.getAll()!;
  if (all.hasStart()) return backwards ? -1 : 0;
  if (all.hasEnd()) return backwards ? records.length - 1 : records.length;
  const position = Number(all.getPosition()!.getCommitPosition());
  const index =
    position === end ? records.length : position === 0 ? 0 : records.findIndex((r) => r.position === position);
  if (index < 0) return null;
  return backwards ? index - 1 : index;
}

/** The server-side filter of a read or subscription (event type or stream name, by regex or prefixes). */
export function recordFilter(options: ReadReq.Options): (record: FakeRecord) => boolean {
  if (!options.hasFilter()) return () => true;
  const filter = options.getFilter()!;
  const onType = filter.hasEventType();
  const expression = (onType ? filter.getEventType() : filter.getStreamIdentifier())!;
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : null;
  const prefixes = expression.getPrefixList();
  return (record) => {
    const subject = onType ? record.type : record.streamId;
    if (regex) return regex.test(subject);
    return prefixes.length === 0 || prefixes.some((prefix) => subject.startsWith(prefix));
  };
}
