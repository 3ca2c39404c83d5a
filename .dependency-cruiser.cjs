// Layer boundaries, checked by `npm run lint` (dependency-cruiser over apps, libs, test, bench, scripts, web).
// No rule has an exception: code that would break one moves instead (test/tooling/layer-rules.local.spec.ts
// proves each rule fails on a deliberate violation).

/** Infrastructure as a domain folder sees it: Nest, drivers, HTTP, and the adapter folders of libs. */
const INFRASTRUCTURE = [
  '(^|/)node_modules/@nestjs/',
  '(^|/)node_modules/(better-sqlite3|mongodb|kafkajs|@eventstore/db-client|fastify|@fastify/|nodemailer|smtp-server|stripe)',
  '^libs/[^/]+/[^/]+/src/(embedded|mongo|eventstoredb|kafka|gridfs|sqlite|smtp-relay)/',
];

/**
 * libs/ is grouped by what a lib is, from the ground up: shared (errors, clock, decider, config), infra (stores,
 * bus, HTTP host, metrics: no use case), domain (the use cases) and app (what apps compose: HTTP routes, bus
 * consumers, the projector, startRoles). A group imports only the groups below it.
 */
const GROUPS_BELOW = {
  shared: [],
  infra: ['shared'],
  domain: ['shared', 'infra'],
  app: ['shared', 'infra', 'domain'],
};

/** The role libs: libs/app. libs/infra/http-host (the HTTP app every process runs) sits under them. */
const ROLE_LIBS = '^libs/app/';

/** Services and views: what a stored event's payload must never be typed by (events outlive them). */
const SERVICES_AND_VIEWS = [
  '\\.(service|view|views|controller|dto|handler|projection|model|models)\\.ts$',
  '/(projection|queries|views)/',
  '^apps/',
  ROLE_LIBS,
];

module.exports = {
  forbidden: [
    {
      name: 'apps-never-import-apps',
      comment: 'An app is a composition root: what two apps share belongs in a lib.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'libs-never-import-apps',
      comment: 'Libs are what apps are built from; the arrow runs one way.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    ...Object.entries(GROUPS_BELOW).map(([group, below]) => ({
      name: `${group}-imports-only-groups-below`,
      comment: `A lib of libs/${group} imports its own group${below.length ? ` and ${below.map((g) => `libs/${g}`).join(', ')}` : ''}, never a group above it.`,
      severity: 'error',
      from: { path: `^libs/${group}/` },
      to: { path: '^libs/', pathNot: [`^libs/${group}/`, ...below.map((g) => `^libs/${g}/`)] },
    })),
    {
      name: 'role-libs-only-from-apps',
      comment:
        'The roles are built from the other libs, never the other way: only apps and libs/app/roles import a role lib.',
      severity: 'error',
      from: { path: '^libs/app/([^/]+)/', pathNot: '^libs/app/roles/' },
      to: { path: ROLE_LIBS, pathNot: '^libs/app/$1/' },
    },
    {
      name: 'domain-never-imports-infrastructure',
      comment: 'Deciders, events and commands are pure: no Nest, no driver, no adapter.',
      severity: 'error',
      from: { path: '/src/domain/', pathNot: '\\.spec\\.ts$' },
      to: { path: INFRASTRUCTURE },
    },
    {
      name: 'events-never-import-services-or-views',
      comment: 'A stored event outlives every service and view: declare its payload in its *.events.ts.',
      severity: 'error',
      from: { path: '\\.events\\.ts$' },
      to: { path: SERVICES_AND_VIEWS, pathNot: '\\.events\\.ts$' },
    },
    {
      name: 'libs-only-through-their-index',
      comment:
        'Another lib, an app, a test, a benchmark or a script sees a lib through its index.ts (@lib/<name>) or its testing entry (@lib/<name>/testing), never its internals.',
      severity: 'error',
      from: { path: '^(apps/[^/]+|libs/[^/]+/[^/]+|test|bench|scripts)/' },
      to: {
        path: '^libs/[^/]+/[^/]+/',
        pathNot: ['^$1/', '^libs/[^/]+/[^/]+/src/index\\.ts$', '^libs/[^/]+/[^/]+/src/testing/'],
      },
    },
    {
      name: 'http-use-cases-stand-alone',
      comment:
        'A use-case folder of the api (libs/app/api/src/<area>/<use-case>/) imports its own files, the shared/ and session/ folders, the api infrastructure folders (auth/, job-routes/ ...) and the HTTP host (@lib/http-host), never another use case: what two use cases share moves to shared/.',
      severity: 'error',
      from: { path: '^libs/app/api/src/([^/]+)/([^/]+)/' },
      to: {
        path: '^libs/app/api/src/[^/]+/[^/]+/',
        pathNot: ['^libs/app/api/src/$1/$2/', '^libs/app/api/src/[^/]+/(shared|session)/'],
      },
    },
    {
      name: 'testing-only-from-tests',
      comment:
        "A lib's testing/ entry (@lib/<name>/testing) names what only tests and benchmarks reach: production code never imports it.",
      severity: 'error',
      from: { path: '^(apps|libs)/', pathNot: ['\\.spec\\.ts$', '\\.fixture\\.ts$', '/testing/'] },
      to: { path: '^libs/[^/]+/[^/]+/src/testing/' },
    },
    {
      name: 'web-never-imports-libs',
      comment:
        'The dashboard (web/) is its own build and sees the service only through its API: what it needs of a lib is generated into web/src/api/generated (npm run generate:web-api).',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(libs|apps)/' },
    },
    {
      name: 'no-circular-between-libs',
      comment: 'Two libs importing each other are one lib with a wall in the wrong place.',
      severity: 'error',
      from: { path: '^(libs/[^/]+/[^/]+)/' },
      to: { path: '^libs/', pathNot: '^$1/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|web/dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
