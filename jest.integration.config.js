// Production adapters against real servers (Kafka, a MongoDB-wire server, EventStoreDB when reachable).
const base = require('./jest.config.js');
module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/integration/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 120000,
  maxWorkers: 1,
};
