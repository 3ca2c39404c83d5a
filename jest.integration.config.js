// *.int.spec.ts: production adapters against real servers (Kafka, a MongoDB-wire server, Postfix, dante,
// stripe-mock, Chromium, EventStoreDB when reachable).
const base = require('./jest.config.js');
module.exports = {
  ...base,
  testMatch: ['<rootDir>/{apps,libs,test}/**/*.int.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 120000,
  maxWorkers: 1,
};
