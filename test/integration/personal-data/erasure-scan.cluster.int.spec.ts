// Issue 39 on the production topology: api, worker and projector as three processes on Kafka and FerretDB over
// PostgreSQL. For each erasure kind, the data a customer makes (a single check, a batch, a 1,000-row list job and
// a finder call for one person), then the erasure, then the operator's reclaim step on PostgreSQL
// (scripts/postgres-reclaim-erased.sh, docs/production.md), then a scan of every byte the service and its servers
// wrote: DATA_DIR, PostgreSQL's data directory (tables, indexes, WAL) and log, Kafka's log directories and log,
// FerretDB's state and log, the processes' output. The names and addresses are new in every run, so other tests'
// data on the shared servers cannot answer for them.
import { Kafka } from 'kafkajs';
import { DashboardBrowser, tokenFromOutbox } from '../../support/dashboard-browser';
import { scanForPersonalData } from '../../support/personal-data-scan';
import { startAppCluster, showingOutputsOnFailure, type AppCluster } from '../../support/cluster/app-cluster';
import {
  postgresFileNamer,
  psqlValue,
  reclaimErasedOnPostgres,
  serverPlaces,
  type ServerPlaces,
} from '../../support/cluster/production-disks';
import { brokersOf, describeWithServers } from '../../support/cluster/servers';
import type { MailPeers } from '../../support/peers/mail-peers';
import {
  callsFor,
  completedJob,
  JOB_ROWS,
  needlesOf,
  newPerson,
  scanEverywhere,
  startErasurePeers,
  whenDone,
  where,
  type Person,
} from './erasure-scan-world';

const PASSWORD = 'correct horse battery staple';

describeWithServers(
  ['KAFKA_BROKERS', 'MONGO_URL', 'POSTGRES_URL'],
  'erasures on Kafka + FerretDB/PostgreSQL: no byte of the address or the name left anywhere',
  (servers) => {
    // One person per kind; `kept` is the job account's other calls, which no erasure here reaches.
    const people = { job: newPerson(), kept: newPerson(), address: newPerson(), account: newPerson() };
    const tag = `r${Date.now().toString(36)}`;
    // Topics and consumer groups of their own: another app on the shared broker (a bench, another suite) must
    // not take this cluster's partitions, nor this cluster theirs.
    const namespace = `it-erasure-${tag}.`;
    // The data keys in a PostgreSQL table beside FerretDB's schemas, as this topology runs them (docs/personal-data.md,
    // Where the keys live); a schema of this run's own.
    const keySchema = `it_keys_${tag}`;
    const reclaim = () => reclaimErasedOnPostgres(servers.POSTGRES_URL, [cluster!.env.MONGO_DATABASE, keySchema]);
    let peers: MailPeers;
    let cluster: AppCluster | undefined;
    let places: ServerPlaces;
    const keys: Record<'job' | 'address' | 'account', string> = { job: '', address: '', account: '' };
    const jobs: Record<'job' | 'address' | 'account', number> = { job: 0, address: 0, account: 0 };
    let jobsAccount: string;
    let subjectsAccount: string;
    let closure: { browser: DashboardBrowser; accountId: string; teamName: string };
    let before: Map<string, string[]>;

    /** Where a person is found, PostgreSQL's files named by their table (a checkpoint first: see flushed). */
    const scanFor = async (person: Person) => named(await scanEverywhere(cluster!, places, needlesOf(person)));
    const named = async (hits: Awaited<ReturnType<typeof scanEverywhere>>) => {
      const name = await postgresFileNamer(servers.POSTGRES_URL);
      return where(hits.map((hit) => (hit.place === 'postgresql data' ? { ...hit, file: name(hit.file) } : hit)));
    };
    /** Where PostgreSQL's files still hold these wrapped keys (the key table's rows are deleted by the erasure). */
    const keyBytesLeft = async (wrapped: string[]) =>
      named(
        scanForPersonalData(places['postgresql data'], wrapped).map((hit) => ({ ...hit, place: 'postgresql data' })),
      );
    // What PostgreSQL holds in its shared buffers reaches the table files at a checkpoint: the scan before the
    // erasures must see the tables, not only the WAL (the reclaim step checkpoints on its own).
    const flushed = () => psqlValue(servers.POSTGRES_URL, 'CHECKPOINT');
    /** The wrapped data keys under a scope prefix, read from the key table as the operator would. */
    const dataKeys = async (prefix: string): Promise<Array<{ scope: string; wrapped: string }>> => {
      const rows = await psqlValue(
        servers.POSTGRES_URL,
        `SELECT scope || '|' || wrapped FROM ${keySchema}.data_keys WHERE starts_with(scope, '${prefix}')`,
      );
      return rows
        .split('\n')
        .filter(Boolean)
        .map((row) => {
          const [scope, wrapped] = row.split('|');
          return { scope, wrapped };
        });
    };

    async function openAccount(name: string): Promise<{ apiKey: string; accountId: string }> {
      const opened = await cluster!.request('POST', '/admin/v1/accounts', {
        admin: true,
        body: { name, credits: 5_000 },
      });
      expect(opened.status).toBe(201);
      return opened.body.data;
    }

    /** The owner of a dashboard account (closure is the owner's, on the dashboard), with an API key. */
    async function dashboardOwner(): Promise<typeof closure & { key: string }> {
      const email = `owner-${tag}@owners.example`;
      const browser = new DashboardBrowser(cluster!.api.url);
      await browser.prepare();
      const signUp = await browser.request('POST', '/dashboard/v1/sign-up', {
        body: { email, password: PASSWORD, name: 'Owner', company: `Closing ${tag}` },
      });
      expect(signUp.status).toBe(202);
      const token = await tokenFromOutbox(cluster!.env.DATA_DIR, email, '/confirm-email');
      expect((await browser.request('POST', '/dashboard/v1/confirm-email', { body: { token } })).status).toBe(200);
      const team = (await browser.request('GET', '/dashboard/v1/team')).body.data;
      const created = await browser.request('POST', '/dashboard/v1/keys', { body: { label: 'lists' } });
      expect(created.status).toBe(201);
      return { browser, accountId: team.accountId, teamName: team.name, key: created.body.data.apiKey };
    }

    beforeAll(async () => {
      peers = await startErasurePeers(Object.values(people));
      cluster = await startAppCluster(servers, {
        mailPeers: async () => peers,
        env: {
          JOB_CHUNK_SIZE: '50',
          DATA_KEY_CACHE_SECONDS: '1',
          TRIAL_CREDITS: '5000',
          KAFKA_NAMESPACE: namespace,
          DATA_KEYS_POSTGRES_URL: servers.POSTGRES_URL,
          DATA_KEYS_POSTGRES_SCHEMA: keySchema,
        },
      });
      places = await serverPlaces(servers.POSTGRES_URL);
      const jobsOwner = await openAccount(`Jobs ${tag}`);
      [keys.job, jobsAccount] = [jobsOwner.apiKey, jobsOwner.accountId];
      const subjects = await openAccount(`Subjects ${tag}`);
      [keys.address, subjectsAccount] = [subjects.apiKey, subjects.accountId];
      const owner = await dashboardOwner();
      closure = owner;
      keys.account = owner.key;
      // The job account's calls are for another person: a job's erasure does not reach them, and the scan
      // still finds them after it.
      await callsFor(cluster, keys.job, people.kept);
      await callsFor(cluster, keys.address, people.address);
      await callsFor(cluster, keys.account, people.account);
      [jobs.job, jobs.address, jobs.account] = await Promise.all([
        completedJob(cluster, keys.job, people.job, `${tag}j`),
        completedJob(cluster, keys.address, people.address, `${tag}a`),
        completedJob(cluster, keys.account, people.account, `${tag}c`),
      ]);
      // One pass over every place for everyone (the places hold hundreds of megabytes), sorted out per person.
      await flushed();
      const hits = await scanEverywhere(cluster, places, Object.values(people).flatMap(needlesOf));
      before = new Map();
      for (const [kind, person] of Object.entries(people))
        before.set(kind, await named(hits.filter((hit) => needlesOf(person).includes(hit.needle))));
    }, 600_000);
    afterAll(async () => {
      await cluster?.close();
      const admin = new Kafka({ brokers: brokersOf(servers.KAFKA_BROKERS), logCreator: () => () => undefined }).admin();
      await admin.connect();
      const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(namespace));
      if (topics.length > 0) await admin.deleteTopics({ topics });
      await admin.disconnect();
      await psqlValue(servers.POSTGRES_URL, `DROP SCHEMA IF EXISTS ${keySchema} CASCADE`);
    }, 60_000);

    it('runs PostgreSQL as production does: wal_recycle off', async () => {
      expect(await psqlValue(servers.POSTGRES_URL, 'SHOW wal_recycle')).toBe('off');
    });

    it(`finds every person in PostgreSQL's table files and the read store's documents before any erasure (the ${JOB_ROWS}-row job's rows and file), so the scan can fail`, () => {
      for (const kind of Object.keys(people)) {
        const hits = before.get(kind)!;
        const found = {
          kind,
          tableFiles: hits.some((hit) => hit.startsWith('postgresql data: base/')),
          documents: hits.some((hit) => hit.startsWith('read store documents:')),
        };
        expect(found).toEqual({ kind, tableFiles: true, documents: true });
      }
    });

    it('finds no person on Kafka even before an erasure: chunks carry their rows sealed, analytics topics none', () => {
      for (const [kind, hits] of before)
        expect({ kind, kafka: hits.filter((hit) => hit.startsWith('kafka')) }).toEqual({ kind, kafka: [] });
    });

    type DataKey = { scope: string; wrapped: string };
    /**
     * In the block's beforeAll: notes the keys `keysBefore` finds, starts the erasure (`ask` returns how to
     * read its receipt), waits for the receipt to say done, then runs the operator's reclaim step.
     */
    const erasure = (keysBefore: () => Promise<DataKey[]>, ask: () => Promise<() => Promise<any>>) => {
      const erased = { receipt: undefined as any, keys: [] as DataKey[] };
      beforeAll(async () => {
        erased.keys = await keysBefore();
        erased.receipt = await whenDone(await ask());
        await reclaim();
      }, 120_000);
      return erased;
    };
    const itLeavesNowhere = (title: string, person: Person, erased: { receipt: any }, removed: object) =>
      it(
        title,
        showingOutputsOnFailure(
          () => cluster,
          async () => {
            expect(erased.receipt.removed).toMatchObject(removed);
            expect(await scanFor(person)).toEqual([]);
          },
        ),
      );
    /** POSTs an erasure request under `key` and reads its receipt at /v1/erasures/{id} (read when the block runs). */
    const requested = (request: () => { key: string; path: string; body?: object }) => async () => {
      const { key, path, body } = request();
      const asked = await cluster!.request('POST', path, { key, body });
      expect(asked.status).toBe(202);
      const receipt = `/v1/erasures/${asked.body.data.erasureId}`;
      return async () => (await cluster!.request('GET', receipt, { key })).body.data;
    };

    describe('one job, erased now (POST /v1/jobs/{id}/erase)', () => {
      const erased = erasure(
        () => dataKeys(`account:${jobsAccount}:job:${jobs.job}`),
        requested(() => ({ key: keys.job, path: `/v1/jobs/${jobs.job}/erase` })),
      );
      itLeavesNowhere('leaves the person of the job nowhere', people.job, erased, { jobsPurged: 1 });

      it("still finds the account's calls for another person, which a job's erasure does not reach", async () => {
        expect((await scanFor(people.kept)).some((hit) => hit.startsWith('postgresql data: base/'))).toBe(true);
      });

      it("leaves the job key's wrapped bytes nowhere in PostgreSQL", async () => {
        expect(erased.keys).toHaveLength(1);
        expect(await keyBytesLeft(erased.keys.map((d) => d.wrapped))).toEqual([]);
      });
    });

    describe("one address, a data subject's request (POST /v1/erasures)", () => {
      const erased = erasure(
        () => dataKeys(`account:${subjectsAccount}:address:`),
        requested(() => ({ key: keys.address, path: '/v1/erasures', body: { address: people.address.address } })),
      );
      itLeavesNowhere('leaves the address and the name nowhere', people.address, erased, { jobsSearched: 1 });

      it("leaves the address key's wrapped bytes nowhere in PostgreSQL", async () => {
        const destroyed = erased.keys.filter((doc) => erased.receipt.scopes.includes(doc.scope));
        expect(destroyed).toHaveLength(1);
        expect(await keyBytesLeft(destroyed.map((doc) => doc.wrapped))).toEqual([]);
      });
    });

    describe('the account, closed by its owner (POST /dashboard/v1/account/close)', () => {
      const erased = erasure(
        async () => [
          ...(await dataKeys(`account:${closure.accountId}:`)),
          ...(await dataKeys(`account:test_${closure.accountId}:`)),
        ],
        async () => {
          const closed = await closure.browser.request('POST', '/dashboard/v1/account/close', {
            body: { teamName: closure.teamName },
          });
          expect(closed.status).toBe(202);
          const receipt = `/admin/v1/accounts/${closure.accountId}/erasures/account`;
          return async () => (await cluster!.request('GET', receipt, { admin: true })).body.data;
        },
      );
      itLeavesNowhere('leaves the address and the name nowhere', people.account, erased, { jobsPurged: 1 });

      it("leaves the account's keys' wrapped bytes nowhere in PostgreSQL", async () => {
        // A thousand address keys (one per row of the job) cost a scan each: every key but those, and 25 of them.
        const sample = [
          ...erased.keys.filter((doc) => !doc.scope.includes(':address:')),
          ...erased.keys.filter((doc) => doc.scope.includes(':address:')).slice(0, 25),
        ];
        expect(sample.length).toBeGreaterThan(25);
        expect(await keyBytesLeft(sample.map((doc) => doc.wrapped))).toEqual([]);
      });
    });
  },
);
