// The parts that need no service: the event-stream parser across awkward chunk boundaries, the
// retry policy, and the progress line's figures.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProgressDisplay, clock } from '../dist/esm/cli/progress.js';
import { backoffDelayMs, retryAfterMs, shouldRetry, withJitter } from '../dist/esm/retry-policy.js';
import { readEvents } from '../dist/esm/sse.js';

const collect = async (chunks) => {
  const retries = [];
  const events = [];
  const body = (async function* () {
    for (const chunk of chunks) yield new TextEncoder().encode(chunk);
  })();
  for await (const event of readEvents(body, (ms) => retries.push(ms))) events.push(event);
  return { events, retries };
};

test('the SSE parser: CRLF split between chunks, multi-line data, ids, comments, retry', async () => {
  const { events, retries } = await collect([
    'retry: 3000\r',
    '\n: connected\r\n\r',
    '\nid: 7\r\nevent: progress\r\ndata: {"a":\r\n',
    'data: 1}\r\n\r\n',
    'event: done\ndata: x\n\n',
  ]);
  assert.deepEqual(retries, [3000]);
  assert.deepEqual(events, [
    { event: 'progress', data: '{"a":\n1}', id: '7' },
    { event: 'done', data: 'x', id: '7' },
  ]);
  // A multi-byte character split across chunks is decoded whole; an event without a blank line is not dispatched.
  const euro = new TextEncoder().encode('data: €\n\ndata: cut');
  const split = await collect([]);
  assert.deepEqual(split.events, []);
  const body = (async function* () {
    yield euro.subarray(0, 7);
    yield euro.subarray(7);
  })();
  const decoded = [];
  for await (const event of readEvents(body)) decoded.push(event.data);
  assert.deepEqual(decoded, ['€']);
});

test('the retry policy: what is retried, backoff bounds, Retry-After forms', () => {
  assert.equal(shouldRetry({ method: 'POST', keyed: false, status: 429, code: 1201 }), true);
  assert.equal(shouldRetry({ method: 'POST', keyed: false, status: 503, code: 0 }), false);
  assert.equal(shouldRetry({ method: 'POST', keyed: false, status: 0, code: 0 }), false);
  assert.equal(shouldRetry({ method: 'POST', keyed: true, status: 0, code: 0 }), true);
  assert.equal(shouldRetry({ method: 'POST', keyed: true, status: 409, code: 2004 }), true);
  assert.equal(shouldRetry({ method: 'POST', keyed: true, status: 400, code: 2002 }), false);
  assert.equal(shouldRetry({ method: 'GET', keyed: false, status: 502, code: 0 }), true);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const delay = backoffDelayMs(attempt, 500, 30_000);
    const ceiling = Math.min(30_000, 500 * 2 ** attempt);
    assert.ok(delay >= ceiling / 2 && delay <= ceiling, `attempt ${attempt}: ${delay}`);
  }
  assert.equal(retryAfterMs('2'), 2000);
  const inAMinute = new Date(Date.now() + 60_000).toUTCString();
  assert.ok(retryAfterMs(inAMinute) > 55_000 && retryAfterMs(inAMinute) <= 60_000);
  for (const ms of [0, 2_000, 30_000]) {
    const jittered = withJitter(ms);
    assert.ok(jittered >= ms && jittered <= ms + Math.min(ms / 10, 1_000), `${ms} -> ${jittered}`);
  }
  assert.equal(retryAfterMs(null), undefined);
  assert.equal(retryAfterMs('soon'), undefined);
});

test('the progress line: rate over the last events, the service ETA, plain lines throttled', () => {
  let now = 0;
  const written = [];
  const display = new ProgressDisplay({ write: (t) => written.push(t), isTTY: false }, 'verify', 2_000, () => now);
  const view = (rows, eta) => ({
    status: 'Processing',
    progress: { processedRows: rows, totalRows: 1000, percent: rows / 10 },
    etaSeconds: eta,
  });
  display.update(view(0, null));
  now = 1_000;
  display.update(view(100, null));
  now = 2_000;
  display.update(view(200, 40));
  assert.equal(display.rowsPerSecond(), 100);
  assert.deepEqual(written, [
    'verify processing:   0.0%  0/1,000 rows  0 rows/s  ETA --:--\n',
    'verify processing:  20.0%  200/1,000 rows  100 rows/s  ETA 0:40\n',
  ]);
  assert.equal(clock(3_725), '1:02:05');
});

test('the client entry is browser-safe: nothing it loads imports a Node built-in up front', async () => {
  const { readFileSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    assert.doesNotMatch(source, /^import[^;]*from 'node:/m, `${file} imports a Node built-in statically`);
    for (const [, relative] of source.matchAll(/^(?:import|export)[^;]*from '(\.[^']+)'/gm))
      visit(join(dirname(file), relative));
  };
  visit(new URL('../dist/esm/index.js', import.meta.url).pathname);
  assert.ok(seen.size > 5, `followed ${seen.size} modules`);
  assert.match(
    readFileSync(new URL('../dist/esm/webhook-signature.js', import.meta.url), 'utf8'),
    /from 'node:crypto'/,
  );
});
