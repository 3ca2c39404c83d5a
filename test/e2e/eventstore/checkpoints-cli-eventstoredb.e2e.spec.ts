// The admin CLI, as a separate process on EventStoreDB (the loopback fake with the real client): the
// checkpoint commands a switch of event stores needs (docs/production.md, "Switching event stores").
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EsdbEventStore } from '@lib/eventstore';
import { FakeEsdbServer } from '@lib/eventstore/testing';
import { runAdminWith } from '../../support/app-process';

describe('admin CLI checkpoints on EventStoreDB', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-cli-esdb-'));
  let fake: FakeEsdbServer;
  let env: Record<string, string>;
  let head: number;

  beforeAll(async () => {
    fake = await FakeEsdbServer.start();
    env = { DATA_DIR: dataDir, EVENTSTORE_URL: fake.connectionString() };
    const store = new EsdbEventStore({ connectionString: fake.connectionString(), log: () => undefined });
    await store.appendToStream(
      'acct-1',
      [
        { type: 'A', data: {} },
        { type: 'B', data: {} },
      ],
      'no_stream',
    );
    head = (await store.appendToStream('acct-2', [{ type: 'A', data: {} }], 'no_stream')).position;
    await store.close();
  });
  afterAll(async () => {
    await fake.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("moves the relay's checkpoint to the head of the new store and lists it", async () => {
    const moved = await runAdminWith(env, 'move-checkpoint', '--name', 'relay:analytics', '--to', 'head');
    expect(moved).toMatchObject({ code: 0, json: { name: 'relay:analytics', from: 0, to: head } });
    const listed = await runAdminWith(env, 'checkpoints');
    expect(listed.json).toEqual({ head, checkpoints: [{ name: 'relay:analytics', position: head }] });
  });

  it('refuses a position that is not a number, with the usage line', async () => {
    const refused = await runAdminWith(env, 'move-checkpoint', '--name', 'relay:analytics', '--to', 'yesterday');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--to must be head or a non-negative integer position/);
  });
});
