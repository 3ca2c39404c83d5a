// Runs TypeScript sources directly (admin CLI, benchmarks) with the same swc settings as the tests.
const fs = require('fs');
const path = require('path');
const swc = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '.swcrc'), 'utf8'));
swc.jsc.baseUrl = path.join(__dirname, '..');
require('@swc/register')({ ...swc, swcrc: false, extensions: ['.ts'] });
