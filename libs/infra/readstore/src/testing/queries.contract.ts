import type { Doc, ReadCollection } from '../read-store.port';
import type { ReadContractContext } from './contract-context';

type Job = Doc & { status: string; priority: number; owner: { team: string }; done?: boolean };

const jobs: Job[] = [
  { _id: 'j1', status: 'queued', priority: 2, owner: { team: 'red' } },
  { _id: 'j2', status: 'running', priority: 1, owner: { team: 'blue' }, done: false },
  { _id: 'j3', status: 'done', priority: 3, owner: { team: 'red' }, done: true },
  { _id: 'j4', status: 'queued', priority: 1, owner: { team: 'blue' } },
  { _id: 'j5', status: 'failed', priority: 2, owner: { team: 'red' }, done: true },
];

/** Filters (top-level, dotted, $in, booleans, null), sorts, paging, counts and indexes. */
export function queriesContract(ctx: ReadContractContext): void {
  describe('queries', () => {
    let collection: ReadCollection<Job>;
    const ids = (docs: Doc[]) => docs.map((d) => d._id);

    beforeEach(async () => {
      collection = ctx.store.collection<Job>(ctx.unique('jobs'));
      await collection.bulkWrite(jobs.map((doc) => ({ kind: 'upsert' as const, doc })));
    });

    it('filters by equality on top-level and dotted fields', async () => {
      expect(ids(await collection.find({ filter: { status: 'queued', 'owner.team': 'blue' } }))).toEqual(['j4']);
    });

    it('filters with $in', async () => {
      expect(ids(await collection.find({ filter: { status: { $in: ['done', 'failed'] } }, sort: { _id: 1 } }))).toEqual(
        ['j3', 'j5'],
      );
    });

    it('filters on booleans and treats null as missing or null', async () => {
      expect(ids(await collection.find({ filter: { done: true }, sort: { _id: 1 } }))).toEqual(['j3', 'j5']);
      expect(ids(await collection.find({ filter: { done: null }, sort: { _id: 1 } }))).toEqual(['j1', 'j4']);
    });

    it('sorts by several keys in key order', async () => {
      expect(ids(await collection.find({ sort: { priority: -1, status: 1 } }))).toEqual(['j3', 'j5', 'j1', 'j4', 'j2']);
    });

    it('pages with skip and limit after sorting', async () => {
      expect(ids(await collection.find({ sort: { _id: -1 }, skip: 1, limit: 2 }))).toEqual(['j4', 'j3']);
    });

    it('counts the documents matching a filter', async () => {
      expect(await collection.count()).toBe(5);
      expect(await collection.count({ 'owner.team': 'red' })).toBe(3);
    });

    it('accepts the same index declaration twice and enforces a unique one', async () => {
      await collection.ensureIndex({ status: 1, priority: -1 });
      await collection.ensureIndex({ status: 1, priority: -1 });
      const keyed = ctx.store.collection(ctx.unique('keys'));
      await keyed.ensureIndex({ hash: 1 }, { unique: true });
      await keyed.upsert({ _id: 'k1', hash: 'h' });
      // Matched by shape: a driver's error class may come from another realm, where instanceof Error fails.
      await expect(keyed.upsert({ _id: 'k2', hash: 'h' })).rejects.toMatchObject({ message: expect.any(String) });
      expect(await keyed.get('k2')).toBeNull();
      expect(await collection.find({ filter: { status: 'queued' }, sort: { priority: -1 } })).toHaveLength(2);
    });
  });
}
