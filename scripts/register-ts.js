// Runs TypeScript sources directly (admin CLI, benchmarks) with the same swc settings as the tests.
const { swcOptions } = require('./lib-aliases');
require('@swc/register')({ ...swcOptions(), extensions: ['.ts'] });
