import type { NewEvent } from '@lib/eventstore';

/** Thrown where a crash is simulated: the handler dies there, as if the process had been killed. */
export class SimulatedCrash extends Error {
  constructor(readonly point: string) {
    super(`simulated crash ${point}`);
    this.name = 'SimulatedCrash';
  }
}

/**
 * Where a handler is killed: just before, or just after, the first append (or bus publish, or read-model
 * write) that matches. A step of a consumer is the fact it stores: the hold is a CreditsHeld, the record its
 * ChunkCompleted, the settle a CreditsUsed or CreditHoldReleased, a usage fact its upsert. Each point fires
 * once per run.
 */
export interface CrashPoint {
  name: string;
  when: 'before' | 'after';
  matches(streamId: string, event: NewEvent): boolean;
}

/** Fires a crash point at most once; shared by the event store and bus decorators of one run. */
export class CrashSwitch {
  private fired = false;

  constructor(private point: CrashPoint | null) {}

  /** Arms the switch again, for another run in the same app (one scenario per point). */
  arm(point: CrashPoint | null): void {
    this.point = point;
    this.fired = false;
  }

  get hasFired(): boolean {
    return this.fired;
  }

  /** The point to fire now for these events, if any (and marks it fired). */
  take(when: CrashPoint['when'], streamId: string, events: readonly NewEvent[]): SimulatedCrash | null {
    const point = this.point;
    if (!point || this.fired || point.when !== when || !events.some((e) => point.matches(streamId, e))) return null;
    this.fired = true;
    return new SimulatedCrash(`${point.when} ${point.name}`);
  }

  /** Runs a write of these events (an append, a publish, a read-model write), killed just before or after it. */
  async around<R>(streamId: string, events: readonly NewEvent[], write: () => Promise<R>): Promise<R> {
    const before = this.take('before', streamId, events);
    if (before) throw before;
    const result = await write();
    const after = this.take('after', streamId, events);
    if (after) throw after;
    return result;
  }
}

const data = (event: NewEvent) => event.data as Record<string, any>;

/** The four steps of a paid chunk consumer, for holds of one purpose and records of one event type. */
export function paidChunkSteps(
  purpose: string,
  recordType: string,
  onlyChunk: (chunkNo: number) => boolean = () => true,
): CrashPoint[] {
  const chunkOfReference = (reference: string) => Number(/:chunk:(\d+)$/.exec(reference)?.[1] ?? -1);
  const hold = (_: string, e: NewEvent) =>
    e.type === 'CreditsHeld' && data(e).purpose === purpose && onlyChunk(chunkOfReference(data(e).reference));
  const record = (_: string, e: NewEvent) => e.type === recordType && onlyChunk(data(e).chunkNo);
  const settle = (_: string, e: NewEvent) =>
    (e.type === 'CreditsUsed' && data(e).purpose === purpose && onlyChunk(chunkOfReference(data(e).reference))) ||
    (e.type === 'CreditHoldReleased' && String(data(e).holdId).includes('chunk'));
  return [
    { name: `the ${purpose} hold`, when: 'before', matches: hold },
    { name: `the ${purpose} hold`, when: 'after', matches: hold },
    { name: `the ${recordType} record`, when: 'after', matches: record },
    { name: `the ${purpose} settle`, when: 'after', matches: settle },
  ];
}
