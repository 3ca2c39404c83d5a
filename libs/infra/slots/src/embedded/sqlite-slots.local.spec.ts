import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slotStoreContract } from '../testing/slot-store.contract';
import { SqliteSlots } from './sqlite-slots';

// Each client opens the file on its own connection, as the processes of one machine do.
const dir = mkdtempSync(join(tmpdir(), 'slots-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
slotStoreContract('SQLite file', async () => {
  const slots = new SqliteSlots(join(dir, 'slots.sqlite'));
  return { slots, cleanup: () => slots.close() };
});
