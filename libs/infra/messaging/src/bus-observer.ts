/**
 * Told what consumers of this process do with each delivery (an app's metrics). Topic and group names
 * are fixed by the code that subscribes. Implementations must be cheap and must not throw.
 */
export interface BusObserver {
  /** A handler succeeded and the message is committed. */
  consumed(topic: string, groupId: string): void;
  /** A handler attempt failed; the message is retried after a pause, or dead-lettered when attempts are spent. */
  failed(topic: string, groupId: string): void;
  /** The message went to `<topic>.dlq` (attempts spent, or undecodable) and was committed. */
  deadLettered(topic: string, groupId: string): void;
}

/** The default: reports go nowhere. */
export const SILENT_BUS_OBSERVER: BusObserver = {
  consumed: () => undefined,
  failed: () => undefined,
  deadLettered: () => undefined,
};
