// A node:test reporter writing one JSON line per finished test, `{ suite, title, status }`, for
// sdks/check.sh's summary (suites themselves are not counted), each suite named for its package's folder
// (typescript, widget): run it from that folder.
import { basename, relative } from 'node:path';

export default async function* resultsReporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, file, details, skip, todo } = event.data;
    if (details?.type === 'suite') continue;
    const status = event.type === 'test:fail' ? 'failed' : skip || todo ? 'pending' : 'passed';
    yield `${JSON.stringify({ suite: `${basename(process.cwd())}: ${file ? relative(process.cwd(), file) : 'node --test'}`, title: name, status })}\n`;
  }
}
