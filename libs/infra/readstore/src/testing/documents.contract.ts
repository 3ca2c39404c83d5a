import type { ReadContractContext } from './contract-context';

type Account = { _id: string; name: string; balance?: number; plan?: { tier: string } };

/** Single-document writes: upsert, partial set, delete, bulk writes and clear. */
export function documentsContract(ctx: ReadContractContext): void {
  describe('documents', () => {
    it('returns null for an unknown id and the stored document after an upsert', async () => {
      const accounts = ctx.store.collection<Account>(ctx.unique('accounts'));
      expect(await accounts.get('a1')).toBeNull();
      await accounts.upsert({ _id: 'a1', name: 'Ada', plan: { tier: 'pro' } });
      expect(await accounts.get('a1')).toEqual({ _id: 'a1', name: 'Ada', plan: { tier: 'pro' } });
    });

    it('replaces the whole document on a second upsert', async () => {
      const accounts = ctx.store.collection<Account>(ctx.unique('accounts'));
      await accounts.upsert({ _id: 'a1', name: 'Ada', balance: 5 });
      await accounts.upsert({ _id: 'a1', name: 'Ada L.' });
      expect(await accounts.get('a1')).toEqual({ _id: 'a1', name: 'Ada L.' });
    });

    it('inserts only the documents not stored yet, leaving stored ones as they are', async () => {
      const rows = ctx.store.collection<{ _id: string; n: number }>(ctx.unique('rows'));
      await rows.insertNew([
        { _id: 'a', n: 1 },
        { _id: 'b', n: 1 },
      ]);
      // A replay of the same batch next to new documents, in any order: the new ones go in, nothing else moves.
      await rows.insertNew([
        { _id: 'c', n: 2 },
        { _id: 'a', n: 2 },
        { _id: 'd', n: 2 },
        { _id: 'b', n: 2 },
      ]);
      await rows.insertNew([]);
      expect(await rows.find({ sort: { _id: 1 } })).toEqual([
        { _id: 'a', n: 1 },
        { _id: 'b', n: 1 },
        { _id: 'c', n: 2 },
        { _id: 'd', n: 2 },
      ]);
    });

    it('inserts new documents next to a secondary index that is not unique', async () => {
      const rows = ctx.store.collection<{ _id: string; jobId: number }>(ctx.unique('rows'));
      await rows.ensureIndex({ jobId: 1 });
      await rows.insertNew([1, 1, 2].map((jobId, k) => ({ _id: `r${k}`, jobId })));
      await rows.insertNew([1, 1, 2, 2].map((jobId, k) => ({ _id: `r${k}`, jobId })));
      expect(await rows.count({ jobId: 2 })).toBe(2);
    });

    it('refuses, on insertNew, a document that clashes with another unique index', async () => {
      const rows = ctx.store.collection<{ _id: string; email: string }>(ctx.unique('rows'));
      await rows.ensureIndex({ email: 1 }, { unique: true });
      await rows.insertNew([{ _id: 'a', email: 'x@example.com' }]);
      // (Settled into a word: the SQLite driver's error class is not this test realm's Error.)
      const outcome = rows.insertNew([{ _id: 'b', email: 'x@example.com' }]).then(
        () => 'stored',
        () => 'refused',
      );
      await expect(outcome).resolves.toBe('refused');
      expect(await rows.get('b')).toBeNull();
    });

    it('sets top-level fields and keeps the others', async () => {
      const accounts = ctx.store.collection<Account>(ctx.unique('accounts'));
      await accounts.upsert({ _id: 'a1', name: 'Ada', balance: 5, plan: { tier: 'pro' } });
      await expect(accounts.set('a1', { balance: 7, plan: { tier: 'free' } })).resolves.toBe(true);
      expect(await accounts.get('a1')).toEqual({ _id: 'a1', name: 'Ada', balance: 7, plan: { tier: 'free' } });
    });

    it('reports a set on a missing document as false unless asked to upsert', async () => {
      const accounts = ctx.store.collection<Account>(ctx.unique('accounts'));
      await expect(accounts.set('ghost', { balance: 1 })).resolves.toBe(false);
      expect(await accounts.get('ghost')).toBeNull();
      await accounts.set('new', { name: 'Neo' }, { upsert: true });
      expect(await accounts.get('new')).toEqual({ _id: 'new', name: 'Neo' });
    });

    it('deletes a document and reports whether it existed', async () => {
      const accounts = ctx.store.collection<Account>(ctx.unique('accounts'));
      await accounts.upsert({ _id: 'a1', name: 'Ada' });
      await expect(accounts.delete('a1')).resolves.toBe(true);
      await expect(accounts.delete('a1')).resolves.toBe(false);
      expect(await accounts.get('a1')).toBeNull();
    });

    it('deletes every document matching a filter, reports how many, and keeps the rest', async () => {
      const rows = ctx.store.collection<{ _id: string; jobId: number }>(ctx.unique('rows'));
      await rows.bulkWrite([1, 1, 2].map((jobId, k) => ({ kind: 'upsert', doc: { _id: `r${k}`, jobId } })));
      await expect(rows.deleteMany({ jobId: 1 })).resolves.toBe(2);
      await expect(rows.deleteMany({ jobId: 1 })).resolves.toBe(0);
      expect(await rows.find()).toEqual([{ _id: 'r2', jobId: 2 }]);
    });

    it('applies bulk writes in order', async () => {
      const accounts = ctx.store.collection<Account>(ctx.unique('accounts'));
      await accounts.bulkWrite([
        { kind: 'upsert', doc: { _id: 'a', name: 'A' } },
        { kind: 'upsert', doc: { _id: 'b', name: 'B' } },
        { kind: 'set', id: 'a', fields: { balance: 3 } },
        { kind: 'set', id: 'c', fields: { name: 'C' }, upsert: true },
        { kind: 'delete', id: 'b' },
      ]);
      expect(await accounts.find({ sort: { _id: 1 } })).toEqual([
        { _id: 'a', name: 'A', balance: 3 },
        { _id: 'c', name: 'C' },
      ]);
    });

    it('clears one collection and leaves the others', async () => {
      const [one, two] = [ctx.store.collection(ctx.unique('one')), ctx.store.collection(ctx.unique('two'))];
      await one.upsert({ _id: 'x' });
      await two.upsert({ _id: 'y' });
      await one.clear();
      expect(await one.count()).toBe(0);
      expect(await two.count()).toBe(1);
    });

    it('lists a collection once it holds documents', async () => {
      const name = ctx.unique('listed');
      await ctx.store.collection(name).upsert({ _id: 'x' });
      expect(await ctx.store.listCollections()).toContain(name);
    });

    it('keeps documents when the client is closed and reopened', async () => {
      const name = ctx.unique('durable');
      await ctx.store.collection(name).upsert({ _id: 'kept', n: 1 });
      await ctx.store.close();
      const reopened = await ctx.open();
      expect(await reopened.store.collection(name).get('kept')).toEqual({ _id: 'kept', n: 1 });
    });
  });
}
