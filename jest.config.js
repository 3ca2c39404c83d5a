// The unit, local and e2e tiers (*.unit, *.local, *.e2e.spec.ts): nothing outside this machine.
// *.int.spec.ts need external servers and run with `npm run test:integration` (CONTRIBUTING.md, Tests).
const { swcOptions, jestModuleNameMapper } = require('./scripts/lib-aliases');
const swc = swcOptions();
// The dashboard's components (web/src, React): TSX compiled with the automatic JSX runtime; their specs pick jsdom with a docblock.
const swcTsx = {
  ...swc,
  jsc: { ...swc.jsc, parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
};
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx$': ['@swc/jest', swcTsx],
    '^.+\\.ts$': ['@swc/jest', swc],
    '/node_modules/content-disposition/.+\\.js$': ['@swc/jest', swc],
  },
  // content-disposition 3 (under @fastify/static, used by Swagger UI) is ESM-only; Node loads it natively, Jest needs it compiled.
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper: jestModuleNameMapper(),
  testMatch: ['<rootDir>/{apps,libs,test}/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.int\\.spec\\.ts$'],
  testTimeout: 30000,
  maxWorkers: 2,
};
