// Layer boundaries, checked by `npm run lint` (dependency-cruiser over apps, libs, test, bench, scripts, web).
// No rule has an exception: code that would break one moves instead (test/tooling/layer-rules.local.spec.ts
// proves each rule fails on a deliberate violation).

/** Infrastructure as a domain folder sees it: Nest, drivers, HTTP, and the adapter folders of libs. */
const INFRASTRUCTURE = [
  '(^|/)node_modules/@nestjs/',
  '(^|/)node_modules/(better-sqlite3|mongodb|kafkajs|@eventstore/db-client|fastify|@fastify/|nodemailer|smtp-server|stripe)',
  '^libs/[^/]+/src/(embedded|mongo|eventstoredb|kafka|gridfs|sqlite|smtp-relay)/',
];

/**
 * The role libs: what apps compose (HTTP controllers, DTOs and models; bus consumers; projector; startRoles).
 * libs/http-host (the HTTP app every process runs) is not one: it sits under them and so never sees a use case.
 */
const ROLE_LIBS = '^libs/(api|worker|projector|roles)/';

/**
 * Shared and infrastructure libs: the stores, the bus, mail, the network, configuration, metrics and the
 * HTTP host. Every domain stands on them, so they import nothing but each other.
 */
const INFRASTRUCTURE_LIBS =
  '^libs/(common|config|eventstore|readstore|messaging|blobstore|mail|net|mongo|personal-data|platform|metrics|http-host)/';

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
    {
      name: 'role-libs-only-from-apps',
      comment:
        'The roles are built from the other libs, never the other way: only apps and libs/roles import a role lib.',
      severity: 'error',
      from: { path: '^libs/([^/]+)/', pathNot: '^libs/roles/' },
      to: { path: ROLE_LIBS, pathNot: '^libs/$1/' },
    },
    {
      name: 'infrastructure-knows-no-domain',
      comment:
        'Infrastructure (metrics and the HTTP host included) sits below every domain: a domain reports to it through a port the domain owns (VerificationObserver, HoldSweepObserver, its events), and the app (libs/roles) wires the two.',
      severity: 'error',
      from: { path: INFRASTRUCTURE_LIBS },
      to: { path: '^libs/', pathNot: INFRASTRUCTURE_LIBS },
    },
    {
      name: 'domain-never-imports-infrastructure',
      comment: 'Deciders, events and commands are pure: no Nest, no driver, no adapter.',
      severity: 'error',
      from: { path: '/domain/', pathNot: '\\.spec\\.ts$' },
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
      comment: 'Another lib or an app sees a lib through its index.ts (@lib/<name>), never its internals.',
      severity: 'error',
      from: { path: '^(apps|libs)/([^/]+)/' },
      to: { path: '^libs/[^/]+/', pathNot: ['^libs/$2/', '^libs/[^/]+/src/index\\.ts$', '^libs/[^/]+/src/testing/'] },
    },
    {
      name: 'http-use-cases-stand-alone',
      comment:
        'A use-case folder of the api (libs/api/src/<area>/<use-case>/) imports its own files, the shared/ and session/ folders, the api infrastructure folders (auth/, job-routes/ ...) and the HTTP host (@lib/http-host), never another use case: what two use cases share moves to shared/.',
      severity: 'error',
      from: { path: '^libs/api/src/([^/]+)/([^/]+)/' },
      to: {
        path: '^libs/api/src/[^/]+/[^/]+/',
        pathNot: ['^libs/api/src/$1/$2/', '^libs/api/src/[^/]+/(shared|session)/'],
      },
    },
    {
      name: 'testing-only-from-tests',
      comment:
        "A lib's testing/ entry (@lib/<name>/testing) names what only tests and benchmarks reach: production code never imports it.",
      severity: 'error',
      from: { path: '^(apps|libs)/', pathNot: ['\\.spec\\.ts$', '/testing/'] },
      to: { path: '^libs/[^/]+/src/testing/' },
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
      from: { path: '^libs/([^/]+)/' },
      to: { path: '^libs/', pathNot: '^libs/$1/', circular: true },
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
