/**
 * Bulk job throughput and memory, end to end through the real all-in-one app (api + worker + projector
 * on the embedded adapters): a generated CSV over 300 domains (MX spread over 30 loopback IPs, served
 * by a local SMTP server in a child process) is uploaded, followed to `done`, and downloaded.
 * Prints rows/second from upload to done, time to the first partial download, and peak RSS of the app
 * process and of the peer process.
 *
 *   npm run bench:jobs                    # 100,000 rows
 *   npm run bench:jobs -- --rows=500000   # the 500,000-row / ~50 MB limit case
 */
import { openAsBlob } from 'node:fs';
import { loadavg } from 'node:os';
import { JOB_DOMAINS as DOMAINS } from './job-peers';
import { startJobBench } from './job-bench-app';

const MB = 1024 * 1024;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const ROWS = Number(arg('rows') ?? 100_000);

async function main(seal: boolean): Promise<number> {
  const bench = await startJobBench('jobs-bench', ROWS, { LOG_LEVEL: 'silent', SEAL_PERSONAL_DATA: String(seal) });
  const { file, size, peers, app } = bench;
  const idleRss = process.memoryUsage().rss;
  // Peaks per phase: the upload (store, dedupe, plan) and the processing (chunks, projections, relay).
  const peaks = { upload: { rss: idleRss, heap: 0 }, processing: { rss: idleRss, heap: 0 } };
  let phase: keyof typeof peaks = 'upload';
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    peaks[phase] = { rss: Math.max(peaks[phase].rss, rss), heap: Math.max(peaks[phase].heap, heapUsed) };
  }, 100);
  try {
    const { apiKey } = await app.createAccount(ROWS + 1000);
    const started = Date.now();
    const form = new FormData();
    form.append('file', await openAsBlob(file), 'bench.csv');
    const created = await fetch(`${app.url}/v1/jobs`, { method: 'POST', headers: { 'x-api-key': apiKey }, body: form });
    const job = ((await created.json()) as any).data;
    if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${JSON.stringify(job)}`);
    const uploaded = Date.now();
    phase = 'processing';
    let firstPartialMs: number | null = null;
    let status = job.status;
    let view = job;
    while (status !== 'Completed' && status !== 'Failed') {
      await new Promise((r) => setTimeout(r, 250));
      view = ((await (await fetch(`${app.url}/v1/jobs/${job.id}`, { headers: { 'x-api-key': apiKey } })).json()) as any)
        .data;
      status = view.status;
      if (firstPartialMs === null && view.results.catch_all + view.results.ok > 0) {
        const partial = await fetch(`${app.url}/v1/jobs/${job.id}/download`, { headers: { 'x-api-key': apiKey } });
        const lines = (await partial.text()).split('\r\n').filter(Boolean).length;
        if (partial.status === 200 && lines > 1) firstPartialMs = Date.now() - uploaded;
      }
    }
    const done = Date.now();
    const download = await fetch(`${app.url}/v1/jobs/${job.id}/download`, { headers: { 'x-api-key': apiKey } });
    let downloaded = 0;
    for await (const chunk of download.body as unknown as AsyncIterable<Uint8Array>) downloaded += chunk.length;
    const downloadMs = Date.now() - done;
    console.log(
      JSON.stringify(
        {
          sealPersonalData: seal,
          file: `${(size / MB).toFixed(1)} MB, ${ROWS.toLocaleString('en')} rows, ${job.counts.uniqueAddresses.toLocaleString('en')} unique over ${DOMAINS} domains`,
          status,
          uploadToCreatedSeconds: ((uploaded - started) / 1000).toFixed(1),
          uploadToDoneSeconds: ((done - started) / 1000).toFixed(1),
          rowsPerSecond: Math.round(ROWS / ((done - started) / 1000)),
          firstPartialDownloadSeconds: firstPartialMs === null ? null : (firstPartialMs / 1000).toFixed(1),
          fullDownload: `${(downloaded / MB).toFixed(1)} MB in ${(downloadMs / 1000).toFixed(1)} s`,
          appIdleRssMB: Math.round(idleRss / MB),
          appPeakMB: Object.fromEntries(
            Object.entries(peaks).map(([name, p]) => [
              name,
              { rss: Math.round(p.rss / MB), heapUsed: Math.round(p.heap / MB) },
            ]),
          ),
          peersPeakRssMB: Math.round(peers.peakRss() / MB),
          loadAverage: loadavg()
            .map((l: number) => l.toFixed(1))
            .join(' '),
          creditsCharged: view.creditsCharged,
        },
        null,
        2,
      ),
    );
    return ROWS / ((done - started) / 1000);
  } finally {
    clearInterval(sampler);
    await bench.close();
  }
}

/** `--compare-sealing`: the same job with personal data sealed and in the clear, one after the other (issue 39). */
async function compareSealing(): Promise<void> {
  const clear = await main(false);
  const sealed = await main(true);
  console.log(JSON.stringify({ sealingCostPercent: (((clear - sealed) / clear) * 100).toFixed(1) }));
}

(process.argv.includes('--compare-sealing') ? compareSealing() : main(arg('seal') !== 'off')).catch((error) => {
  console.error(error);
  process.exit(1);
});
