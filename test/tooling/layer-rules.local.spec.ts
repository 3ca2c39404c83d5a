import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

// The layer rules of `npm run lint` (.dependency-cruiser.cjs), run on a small tree that breaks each
// one on purpose: a rule that cannot fail here would keep nothing in the real tree.
const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

type Violation = { rule: { name: string }; from: string; to: string };

async function violations(files: Record<string, string>): Promise<Violation[]> {
  const dir = mkdtempSync(join(tmpdir(), 'layer-rules-'));
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          baseUrl: '.',
          paths: { '@lib/*': ['libs/shared/*/src', 'libs/infra/*/src', 'libs/domain/*/src', 'libs/app/*/src'] },
        },
      }),
    );
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        CLI,
        ...new Set(Object.keys(files).map((path) => path.split('/')[0])),
        '--config',
        join(ROOT, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
      ],
      { cwd: dir },
    ).catch((error: { stdout: string }) => error);
    return JSON.parse(stdout).summary.violations;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The symlinked node_modules resolves outside the tree: name a package from its node_modules on.
const names = (found: Violation[]) =>
  found.map((v) => `${v.rule.name}: ${v.from} -> ${v.to.replace(/^.*\/node_modules\//, 'node_modules/')}`).sort();

describe('layer rules (dependency-cruiser)', () => {
  it('refuses an app importing another app, and a lib importing an app', async () => {
    const found = await violations({
      'apps/api/src/thing.ts': 'export const thing = 1;\n',
      'apps/worker/src/uses-api.ts': "import { thing } from '../../api/src/thing';\nexport const x = thing;\n",
      'apps/api/src/own.ts': "import { thing } from './thing';\nexport const y = thing;\n",
      'libs/domain/jobs/src/uses-app.ts':
        "import { thing } from '../../../../apps/api/src/thing';\nexport const z = thing;\n",
    });
    expect(names(found)).toEqual([
      'apps-never-import-apps: apps/worker/src/uses-api.ts -> apps/api/src/thing.ts',
      'libs-never-import-apps: libs/domain/jobs/src/uses-app.ts -> apps/api/src/thing.ts',
    ]);
  });

  it('refuses each group of libs importing a group above it, and allows the groups below', async () => {
    const found = await violations({
      'libs/shared/common/src/index.ts': "import { net } from '@lib/net';\nexport const common = net;\n",
      'libs/infra/net/src/index.ts': 'export const net = 1;\n',
      'libs/infra/eventstore/src/index.ts': "import { usage } from '@lib/usage';\nexport const store = usage;\n",
      'libs/infra/readstore/src/index.ts':
        "import { common } from '@lib/common';\nimport { net } from '@lib/net';\nexport const read = [common, net];\n",
      'libs/domain/usage/src/index.ts': 'export const usage = 1;\n',
      'libs/domain/ledger/src/index.ts': "import { worker } from '@lib/worker';\nexport const ledger = worker;\n",
      'libs/app/worker/src/index.ts': 'export const worker = 1;\n',
      'libs/domain/jobs/src/index.ts':
        "import { usage } from '@lib/usage';\nimport { read } from '@lib/readstore';\nexport const jobs = [usage, read];\n",
      'libs/app/api/src/index.ts':
        "import { jobs } from '@lib/jobs';\nimport { read } from '@lib/readstore';\nexport const routes = [jobs, read];\n",
      'libs/infra/metrics/src/index.ts': 'export const Metrics = 1;\n',
      'libs/domain/ledger/src/hold-sweep.ts': "import { Metrics } from '@lib/metrics';\nexport const m = Metrics;\n",
      'libs/infra/metrics/src/hold-sweep-metrics.ts':
        "import { ledger } from '@lib/ledger';\nexport const h = ledger;\n",
      'libs/infra/http-host/src/health.controller.ts':
        "import { Metrics } from '@lib/metrics';\nimport { usage } from '@lib/usage';\nexport const h = [Metrics, usage];\n",
    });
    expect(names(found)).toEqual([
      'domain-imports-only-groups-below: libs/domain/ledger/src/index.ts -> libs/app/worker/src/index.ts',
      'infra-imports-only-groups-below: libs/infra/eventstore/src/index.ts -> libs/domain/usage/src/index.ts',
      'infra-imports-only-groups-below: libs/infra/http-host/src/health.controller.ts -> libs/domain/usage/src/index.ts',
      'infra-imports-only-groups-below: libs/infra/metrics/src/hold-sweep-metrics.ts -> libs/domain/ledger/src/index.ts',
      'shared-imports-only-groups-below: libs/shared/common/src/index.ts -> libs/infra/net/src/index.ts',
    ]);
  });

  it('refuses a lib other than roles importing a role lib, and an event typed by the API', async () => {
    const found = await violations({
      'libs/app/api/src/verify/verification-result.model.ts': 'export class VerificationResultModel { email = ""; }\n',
      'libs/app/api/src/index.ts': "export { VerificationResultModel } from './verify/verification-result.model';\n",
      'libs/domain/paid-verification/src/domain/verification.events.ts':
        "import type { VerificationResultModel } from '@lib/api';\nexport type EmailVerified = { type: 'EmailVerified'; data: VerificationResultModel };\n",
      'libs/domain/jobs/src/uses-role.ts':
        "import { VerificationResultModel } from '@lib/api';\nexport const m = VerificationResultModel;\n",
      'libs/app/roles/src/root.module.ts':
        "import { VerificationResultModel } from '@lib/api';\nexport const r = VerificationResultModel;\n",
      'libs/app/worker/src/uses-api.ts':
        "import { VerificationResultModel } from '@lib/api';\nexport const w = VerificationResultModel;\n",
      'apps/api/src/main.ts':
        "import { VerificationResultModel } from '@lib/api';\nexport const main = VerificationResultModel;\n",
    });
    expect(names(found)).toEqual([
      'domain-imports-only-groups-below: libs/domain/jobs/src/uses-role.ts -> libs/app/api/src/index.ts',
      'domain-imports-only-groups-below: libs/domain/paid-verification/src/domain/verification.events.ts -> libs/app/api/src/index.ts',
      'events-never-import-services-or-views: libs/domain/paid-verification/src/domain/verification.events.ts -> libs/app/api/src/index.ts',
      'role-libs-only-from-apps: libs/app/worker/src/uses-api.ts -> libs/app/api/src/index.ts',
    ]);
  });

  it('refuses the HTTP host importing the api use cases, and allows the api and roles using the host', async () => {
    const found = await violations({
      'libs/infra/http-host/src/index.ts': "export { Public } from './public-route';\n",
      'libs/infra/http-host/src/public-route.ts': 'export const Public = 1;\n',
      'libs/infra/http-host/src/ops.module.ts':
        "import { ApiModule } from '@lib/api';\nexport const OpsModule = ApiModule;\n",
      'libs/app/api/src/index.ts': "import { Public } from '@lib/http-host';\nexport const ApiModule = Public;\n",
      'libs/app/roles/src/root.module.ts':
        "import { ApiModule } from '@lib/api';\nimport { Public } from '@lib/http-host';\nexport const r = [ApiModule, Public];\n",
    });
    expect(names(found)).toEqual([
      'infra-imports-only-groups-below: libs/infra/http-host/src/ops.module.ts -> libs/app/api/src/index.ts',
    ]);
  });

  it('refuses the dashboard (web/) importing a lib or an app, and allows its own generated files', async () => {
    const found = await violations({
      'libs/domain/jobs/src/csv/result-labels.ts': "export const RESULT_LABELS = ['ok'];\n",
      'apps/api/src/main.ts': 'export const main = 1;\n',
      'web/src/api/generated/result-lists.ts': "export const RESULT_COLUMNS = ['result'];\n",
      'web/src/lib/results.ts':
        "import { RESULT_LABELS } from '../../../libs/domain/jobs/src/csv/result-labels';\nexport const r = RESULT_LABELS;\n",
      'web/src/lib/main.tsx': "import { main } from '../../../apps/api/src/main';\nexport const m = main;\n",
      'web/src/lib/columns.ts':
        "import { RESULT_COLUMNS } from '../api/generated/result-lists';\nexport const c = RESULT_COLUMNS;\n",
    });
    expect(names(found)).toEqual([
      'web-never-imports-libs: web/src/lib/main.tsx -> apps/api/src/main.ts',
      'web-never-imports-libs: web/src/lib/results.ts -> libs/domain/jobs/src/csv/result-labels.ts',
    ]);
  });

  it('refuses reaching into another lib past its index, and allows its index and its testing folder', async () => {
    const found = await violations({
      'libs/domain/accounts/src/index.ts': "export { keyOwner } from './shared/key-owner';\n",
      'libs/domain/accounts/src/shared/key-owner.ts': 'export const keyOwner = 1;\n',
      'libs/domain/accounts/src/testing/fixtures.ts': 'export const fixture = 1;\n',
      'libs/domain/accounts/src/shared/uses-own.ts':
        "import { keyOwner } from './key-owner';\nexport const own = keyOwner;\n",
      'libs/domain/jobs/src/uses-index.ts': "import { keyOwner } from '@lib/accounts';\nexport const a = keyOwner;\n",
      'libs/domain/jobs/src/uses-index.unit.spec.ts':
        "import { keyOwner } from '@lib/accounts';\nimport { fixture } from '../../accounts/src/testing/fixtures';\nexport const a = keyOwner + fixture;\n",
      'libs/domain/jobs/src/uses-deep.ts':
        "import { keyOwner } from '../../accounts/src/shared/key-owner';\nexport const b = keyOwner;\n",
      'apps/api/src/uses-deep.ts':
        "import { keyOwner } from '../../../libs/domain/accounts/src/shared/key-owner';\nexport const c = keyOwner;\n",
    });
    expect(names(found)).toEqual([
      'libs-only-through-their-index: apps/api/src/uses-deep.ts -> libs/domain/accounts/src/shared/key-owner.ts',
      'libs-only-through-their-index: libs/domain/jobs/src/uses-deep.ts -> libs/domain/accounts/src/shared/key-owner.ts',
    ]);
  });

  it("refuses production code importing a lib's testing entry, and allows specs, tests and benches", async () => {
    const found = await violations({
      'libs/domain/accounts/src/testing/index.ts': "export { API_KEYS_COLLECTION } from '../keys.projection';\n",
      'libs/domain/accounts/src/keys.projection.ts': "export const API_KEYS_COLLECTION = 'api_keys';\n",
      'libs/app/api/src/keys/list-keys.ts':
        "import { API_KEYS_COLLECTION } from '../../../../domain/accounts/src/testing';\nexport const c = API_KEYS_COLLECTION;\n",
      'apps/cli/src/keys.ts':
        "import { API_KEYS_COLLECTION } from '../../../libs/domain/accounts/src/testing';\nexport const c = API_KEYS_COLLECTION;\n",
      'libs/app/api/src/keys/list-keys.unit.spec.ts':
        "import { API_KEYS_COLLECTION } from '../../../../domain/accounts/src/testing';\nexport const c = API_KEYS_COLLECTION;\n",
      'test/e2e/keys.e2e.spec.ts':
        "import { API_KEYS_COLLECTION } from '../../libs/domain/accounts/src/testing';\nexport const c = API_KEYS_COLLECTION;\n",
      'bench/keys.bench.ts':
        "import { API_KEYS_COLLECTION } from '../libs/domain/accounts/src/testing';\nexport const c = API_KEYS_COLLECTION;\n",
    });
    expect(names(found)).toEqual([
      'testing-only-from-tests: apps/cli/src/keys.ts -> libs/domain/accounts/src/testing/index.ts',
      'testing-only-from-tests: libs/app/api/src/keys/list-keys.ts -> libs/domain/accounts/src/testing/index.ts',
    ]);
  });

  it('refuses an event importing a view or a service, and a domain folder importing Nest or an adapter', async () => {
    const found = await violations({
      'libs/domain/jobs/src/query/job.view.ts': 'export type JobView = { id: string };\n',
      'libs/domain/jobs/src/domain/job-size.ts': 'export type JobSize = { rows: number };\n',
      'libs/domain/jobs/src/domain/job.events.ts':
        "import type { JobView } from '../query/job.view';\nimport type { JobSize } from './job-size';\nexport type JobOpened = { type: 'JobOpened'; data: JobView & JobSize };\n",
      'libs/domain/jobs/src/embedded/sqlite-jobs.ts': 'export const table = "jobs";\n',
      'libs/domain/jobs/src/domain/job.decider.ts':
        "import { Injectable } from '@nestjs/common';\nimport { table } from '../embedded/sqlite-jobs';\nexport const decorate = Injectable;\nexport const t = table;\n",
    });
    expect(names(found)).toEqual([
      'domain-never-imports-infrastructure: libs/domain/jobs/src/domain/job.decider.ts -> libs/domain/jobs/src/embedded/sqlite-jobs.ts',
      'domain-never-imports-infrastructure: libs/domain/jobs/src/domain/job.decider.ts -> node_modules/@nestjs/common/index.js',
      'events-never-import-services-or-views: libs/domain/jobs/src/domain/job.events.ts -> libs/domain/jobs/src/query/job.view.ts',
    ]);
  });

  it('refuses an api use-case folder importing another use case, and allows shared/, session/ and infrastructure', async () => {
    const found = await violations({
      'libs/app/api/src/http/envelope.ts': 'export const envelope = 1;\n',
      'libs/app/api/src/dashboard/session/guard.ts': 'export const guard = 1;\n',
      'libs/app/api/src/admin/shared/create-key.dto.ts': 'export class CreateKeyDto {}\n',
      'libs/app/api/src/admin/issue-key/issue-key.controller.ts': 'export class IssueKeyController {}\n',
      'libs/app/api/src/dashboard/create-key/created-key.model.ts': 'export class CreatedKeyModel {}\n',
      'libs/app/api/src/dashboard/create-key/create-key.controller.ts': [
        "import { envelope } from '../../http/envelope';",
        "import { guard } from '../session/guard';",
        "import { CreateKeyDto } from '../../admin/shared/create-key.dto';",
        "import { CreatedKeyModel } from './created-key.model';",
        'export const all = [envelope, guard, CreateKeyDto, CreatedKeyModel];\n',
      ].join('\n'),
      'libs/app/api/src/dashboard/rotate-key/rotate-key.controller.ts':
        "import { CreatedKeyModel } from '../create-key/created-key.model';\nexport const m = CreatedKeyModel;\n",
      'libs/app/api/src/dashboard/revoke-key/revoke-key.controller.ts':
        "import { IssueKeyController } from '../../admin/issue-key/issue-key.controller';\nexport const c = IssueKeyController;\n",
      'libs/app/api/src/dashboard/dashboard-api.module.ts':
        "import { IssueKeyController } from '../admin/issue-key/issue-key.controller';\nexport const module = IssueKeyController;\n",
    });
    expect(names(found)).toEqual([
      'http-use-cases-stand-alone: libs/app/api/src/dashboard/revoke-key/revoke-key.controller.ts -> libs/app/api/src/admin/issue-key/issue-key.controller.ts',
      'http-use-cases-stand-alone: libs/app/api/src/dashboard/rotate-key/rotate-key.controller.ts -> libs/app/api/src/dashboard/create-key/created-key.model.ts',
    ]);
  });
});
