import type { ReadStore } from '../read-store.port';

/** The collection holding every subscriber's last processed global position. */
export const CHECKPOINTS_COLLECTION = '_checkpoints';

type Checkpoint = { _id: string; position: number };

/** Named checkpoints (global event-store positions) kept in the read store beside the models they describe. */
export class CheckpointStore {
  constructor(private readonly store: ReadStore) {}

  /** The saved position, or 0 (before the first event) when none was saved. */
  async load(name: string): Promise<number> {
    const doc = await this.store.collection<Checkpoint>(CHECKPOINTS_COLLECTION).get(name);
    return doc?.position ?? 0;
  }

  /** Every saved checkpoint. */
  async all(): Promise<Array<{ name: string; position: number }>> {
    const saved = await this.store.collection<Checkpoint>(CHECKPOINTS_COLLECTION).find();
    return saved.map((doc) => ({ name: doc._id, position: doc.position }));
  }

  /** Saves several checkpoints in one bulk write. */
  async save(entries: Array<{ name: string; position: number }>): Promise<void> {
    if (entries.length === 0) return;
    await this.store
      .collection<Checkpoint>(CHECKPOINTS_COLLECTION)
      .bulkWrite(entries.map(({ name, position }) => ({ kind: 'upsert', doc: { _id: name, position } })));
  }

  /** Forgets checkpoints so their subscribers start from the beginning. */
  async reset(names: string[]): Promise<void> {
    await this.store.collection(CHECKPOINTS_COLLECTION).bulkWrite(names.map((id) => ({ kind: 'delete' as const, id })));
  }
}
