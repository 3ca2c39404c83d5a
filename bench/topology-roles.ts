/**
 * The production topology of `npm run bench:topology` as an operator scales it out: one api (or `apiReplicas`
 * behind the bench's round robin), one projector and one worker, each its own OS process (APP_ROLES, test/support/cluster/role-process.ts), on
 * Kafka + the MongoDB-wire server, the embedded event store in one DATA_DIR they share. Same settings as
 * the all-in-one bench app (bench/probe-app.ts), so the two differ only in how the roles are placed.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ADMIN_TOKEN } from '../test/support/test-app';
import { startRole, type Role, type RoleProcess } from '../test/support/cluster/role-process';
import { createBenchAccount, type BenchApp } from './probe-app';

export async function startRoleProcesses(env: Record<string, string>, apiReplicas = 1): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topology-roles-'));
  const settings = {
    DATA_DIR: dataDir,
    ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
    DEMO_ACCOUNT: 'false',
    SMTP_PREFLIGHT: 'false',
    PROBE_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    ...env,
  };
  const started: RoleProcess[] = [];
  const stopAll = async () => {
    await Promise.all(started.map((p) => p.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The projector first: the api's keys are known once it has applied the account's creation.
    for (const role of ['projector', 'worker'] as Role[]) started.push(await startRole(role, settings));
    // Replicas of the api share the read store and the event store, as behind an operator's load balancer.
    for (let n = 1; n <= apiReplicas; n++)
      started.push(await startRole('api', settings, apiReplicas === 1 ? 'api' : `api-${n}`));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const apis = started.slice(2);
  return {
    url: apis[0].url,
    apiUrls: apis.map((p) => p.url),
    topology: `${apis.length === 1 ? 'api' : `${apis.length} api replicas`}, projector, worker as separate processes`,
    processes: started.map((p) => ({ role: p.name, pid: p.child.pid!, url: p.url })),
    createAccount: (credits) => createBenchAccount(apis[0].url, credits),
    close: stopAll,
  };
}
