import type { EventStore, EventSubscription, RecordedEvent } from '@lib/eventstore';
import type { ReadStore } from '../read-store.port';
import { Logger } from '@nestjs/common';
import { BatchReadStore } from './batch-read-store';
import { CheckpointStore } from './checkpoint-store';
import type { Projection } from './projection';
import { ProgressSignal } from './progress-signal';

export interface ProjectionRunnerOptions {
  /** Names this runner in logs and subscription diagnostics. Default 'projections'. */
  name?: string;
  /** Events read per page during a rebuild. Default 500. */
  rebuildPageSize?: number;
  /**
   * How long positions may wait before their checkpoints are saved. Default 250 ms: one save covers every
   * event applied meanwhile, where a save per event cost a write per projection per event (on FerretDB
   * each a lookup and an update), which at a few dozen events a second held the whole read side back.
   * 0 saves after every event.
   */
  checkpointEveryMs?: number;
  /**
   * Most events applied as one batch, their documents written together (see BatchReadStore). Default 200.
   * Delivery waits while this many are queued.
   */
  batchSize?: number;
  /** Pause before a failed batch is applied again. Default 1000 ms. */
  retryDelayMs?: number;
}

export interface RebuildProgress {
  /** Global position of the last event applied. */
  position: number;
  /** Events applied so far. */
  events: number;
}

/**
 * Feeds projections from one event-store subscription. Each projection has its own checkpoint
 * (`projection:<name>` in `_checkpoints`), saved after its events are applied, so a restart resumes where it
 * stopped and a newly added projection replays from the beginning without touching the others.
 * Checkpoints are saved at most every `checkpointEveryMs` (and when the runner stops or finishes a
 * rebuild): a crash replays the events applied since the last save, in log order, which projections
 * take harmlessly (they must be idempotent: delivery is at-least-once).
 * Delivered events queue up and are applied in batches of what arrived meanwhile, each batch's documents
 * written once at its end (a batch that fails is applied again from its first event after a pause, which the
 * projections' idempotence makes harmless); checkpoints and progress move only once a batch is stored.
 * One runner per set of projections: two runners on the same checkpoints would race.
 */
export class ProjectionRunner {
  private readonly checkpoints: CheckpointStore;
  private readonly positions = new Map<string, number>();
  private readonly progress = new ProgressSignal();
  private readonly eventTypes: string[];
  private subscription: EventSubscription | null = null;
  /** Positions applied but not saved yet, by checkpoint name. */
  private readonly unsaved = new Map<string, number>();
  private lastSave = 0;
  private saveTimer: NodeJS.Timeout | null = null;
  /** The save under way; saves run one after another so a later position is never overwritten by an earlier one. */
  private saving: Promise<void> = Promise.resolve();
  private readonly logger = new Logger('ProjectionRunner');
  /** Delivered, not yet applied. */
  private queue: RecordedEvent[] = [];
  /** The loop applying the queue, while it runs. */
  private draining: Promise<void> | null = null;
  private stopping = false;
  /** A stop gave up on the queue: later deliveries are ignored too, or they would be applied past the gap. */
  private dropped = false;
  /** Events delivered and events applied (or dropped at a stop) since start, to place the subscription's checkpoints. */
  private delivered = 0;
  private settled = 0;
  /** A subscription checkpoint told while events before it were still queued: covered once they are applied. */
  private pendingCover: { before: number; delivered: number } | null = null;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly projections: Projection[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    const names = new Set(projections.map((p) => p.name));
    if (names.size !== projections.length) throw new Error('projection names must be unique');
    this.checkpoints = new CheckpointStore(readStore);
    this.eventTypes = [...new Set(projections.flatMap((p) => p.eventTypes))];
  }

  /** Loads the checkpoints and subscribes from the oldest of them; safe to call once per stop. */
  async start(): Promise<void> {
    if (this.subscription) return;
    this.stopping = false;
    this.dropped = false;
    this.delivered = this.settled = 0;
    this.pendingCover = null;
    for (const p of this.projections) this.positions.set(p.name, await this.checkpoints.load(checkpointName(p)));
    const from = this.positions.size ? Math.min(...this.positions.values()) : 0;
    this.progress.advance(from);
    this.subscription = this.eventStore.subscribeToAll(
      {
        after: from,
        eventTypes: this.eventTypes,
        name: this.options.name ?? 'projections',
        // The filter has looked this far: waitForPosition need not read the events nobody here handles.
        onCheckpoint: (before) => this.cover(before),
      },
      (event) => this.deliver(event),
    );
  }

  /**
   * Stops the subscription, applies what it delivered (one attempt: a failing batch is left to the next
   * start, which redelivers it from the checkpoints), then saves every checkpoint.
   */
  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    this.stopping = true;
    await subscription?.stop();
    while (this.draining) await this.draining;
    await this.saveCheckpoints();
  }

  /**
   * Resolves true once every event up to `position` that these projections handle has been applied (so an
   * API can read its own writes), or false after `timeoutMs`.
   */
  async waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.progress.reached(position)) return true;
      // The subscription is filtered, so it never reaches positions of events nobody here handles; read no further than `position`.
      const [next] = await this.eventStore.readAll({
        after: this.progress.position,
        upTo: position,
        eventTypes: this.eventTypes,
        maxCount: 1,
      });
      if (!next) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await this.progress.wait(Math.min(remaining, 100));
    }
  }

  /**
   * Events these projections handle that are stored after the last one applied, counted up to `cap`
   * (one bounded read; 0 when caught up). Positions cannot be subtracted instead: EventStoreDB's are byte
   * offsets, and the subscription never sees the types nobody here handles.
   */
  async lag(cap: number): Promise<number> {
    return (
      await this.eventStore.readAll({ after: this.progress.position, eventTypes: this.eventTypes, maxCount: cap })
    ).length;
  }

  /**
   * Drops the projections' collections and checkpoints and replays the whole log into them, then resumes
   * live delivery if the runner was running. Stop every other runner of these projections first.
   */
  async rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<RebuildProgress> {
    const orphan = this.projections.find((p) => p.collections === undefined);
    if (orphan) throw new Error(`projection ${orphan.name} does not declare its collections; it cannot be rebuilt`);
    const wasRunning = this.subscription !== null;
    await this.stop();
    for (const collection of new Set(this.projections.flatMap((p) => p.collections ?? []))) {
      await this.readStore.collection(collection).clear();
    }
    await this.checkpoints.reset(this.projections.map(checkpointName));
    for (const p of this.projections) this.positions.set(p.name, 0);
    this.progress.reset();
    const progress: RebuildProgress = { position: 0, events: 0 };
    for (;;) {
      const page = await this.eventStore.readAll({
        after: progress.position,
        eventTypes: this.eventTypes,
        maxCount: this.options.rebuildPageSize ?? 500,
      });
      if (page.length === 0) break;
      await this.apply(page);
      progress.position = page[page.length - 1].position;
      progress.events += page.length;
      onProgress?.({ ...progress });
    }
    await this.saveCheckpoints();
    if (wasRunning) await this.start();
    return progress;
  }

  /** Queues an event; holds delivery back while a full batch waits. */
  private async deliver(event: RecordedEvent): Promise<void> {
    if (this.dropped) return;
    this.queue.push(event);
    this.delivered++;
    this.kick();
    if (this.queue.length >= this.batchSize) await this.draining;
  }

  /** Starts the loop that applies the queue unless it runs; it starts again if an event came as it ended. */
  private kick(): void {
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
      if (this.queue.length > 0 && !this.dropped) this.kick();
    });
  }

  /** Applies the queue batch by batch until it is empty, each failed batch again after a pause. */
  private async drain(): Promise<void> {
    // Let the subscription hand over the rest of the page it holds, so they make one batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.batchSize);
      try {
        await this.apply(batch);
      } catch (error) {
        this.logger.warn(
          `${this.options.name ?? 'projections'}: batch from position ${batch[0].position} failed, retrying: ${String(error)}`,
        );
        if (this.stopping) {
          // Not applied: the next start subscribes from the checkpoints, before these events.
          this.dropped = true;
          this.settle(this.queue.length);
          this.queue = [];
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs ?? 1000));
        continue;
      }
      this.queue.splice(0, batch.length);
      this.settle(batch.length);
    }
  }

  private settle(events: number): void {
    this.settled += events;
    if (this.pendingCover && this.settled >= this.pendingCover.delivered) {
      this.progress.cover(this.pendingCover.before);
      this.pendingCover = null;
    }
  }

  /** Every event before `before` is delivered; it is applied once the queue holds none of them. */
  private cover(before: number): void {
    if (this.settled >= this.delivered) this.progress.cover(before);
    else this.pendingCover = { before, delivered: this.delivered };
  }

  private get batchSize(): number {
    return Math.max(1, this.options.batchSize ?? 200);
  }

  /**
   * Applies events in log order, their documents written at the end; positions move only then, so a failed
   * batch is applied again whole (the events already stored are skipped or rewritten the same).
   */
  private async apply(events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const store = new BatchReadStore(this.readStore);
    const reached = new Map(this.positions);
    for (const event of events) {
      for (const projection of this.projections) {
        if ((reached.get(projection.name) ?? 0) >= event.position) continue;
        if (projection.eventTypes.includes(event.type)) await projection.handle(event, store);
        reached.set(projection.name, event.position);
      }
    }
    await store.flush();
    for (const p of this.projections) {
      const position = reached.get(p.name) ?? 0;
      if (position === this.positions.get(p.name)) continue;
      this.positions.set(p.name, position);
      this.unsaved.set(checkpointName(p), position);
    }
    const every = this.options.checkpointEveryMs ?? 250;
    if (Date.now() - this.lastSave >= every) await this.saveCheckpoints();
    else this.saveTimer ??= setTimeout(() => void this.saveCheckpoints().catch(() => undefined), every).unref();
    this.progress.advance(events[events.length - 1].position);
  }

  /** Saves the positions applied since the last save (a failed save keeps them for the next one). */
  private saveCheckpoints(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.saving = this.saving
      .catch(() => undefined)
      .then(async () => {
        if (this.unsaved.size === 0) return;
        const entries = [...this.unsaved].map(([name, position]) => ({ name, position }));
        this.unsaved.clear();
        this.lastSave = Date.now();
        try {
          await this.checkpoints.save(entries);
        } catch (error) {
          for (const { name, position } of entries) if (!this.unsaved.has(name)) this.unsaved.set(name, position);
          throw error;
        }
      });
    return this.saving;
  }
}

function checkpointName(projection: Projection): string {
  return `projection:${projection.name}`;
}
