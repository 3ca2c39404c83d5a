/** How `npm run bench:topology` prints its runs: one table row per job, then the targets of issue 24. */
import type { SingleLoad } from './probe-job';
import type { JobFigures } from './topology-job';

export interface TopologyResult {
  topology: string;
  figures: JobFigures;
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

export function printTopologyTable(
  results: TopologyResult[],
  load: SingleLoad | null,
  options: { header?: boolean; details?: boolean } = {},
): void {
  if (options.header) {
    console.log(
      `single verifies meanwhile: ${load ? `${load} loop` : 'none'}; per row: the job's and the single verifies' operations over its rows`,
    );
    console.log(
      [
        'adapters'.padEnd(52),
        pad('rows', 7),
        pad('seconds', 8),
        pad('rows/s', 7),
        pad('reads/row', 9),
        pad('docs/row', 8),
        pad('appends/row', 11),
        pad('single p99', 10),
        pad('cpu s', 6),
        pad('rss MB', 6),
        'status',
      ].join(' '),
    );
  }
  for (const { topology, figures: f } of results) {
    console.log(
      [
        topology.padEnd(52),
        pad(f.rows, 7),
        pad(f.seconds.toFixed(1), 8),
        pad(Math.round(f.rowsPerSecond), 7),
        pad((f.readOps / f.rows).toFixed(3), 9),
        pad((f.readBatchDocuments / f.rows).toFixed(2), 8),
        pad((f.appends / f.rows).toFixed(3), 11),
        pad(`${Math.round(f.singles.p99)} ms`, 10),
        pad(f.cpuSeconds.toFixed(0), 6),
        pad(Math.round(f.peakRssMb), 6),
        f.status,
      ].join(' '),
    );
    if (!options.details) continue;
    const busiest = f.readOpsBy
      .slice(0, 6)
      .map(([key, n]) => `${key} ${n}`)
      .join(', ');
    console.log(
      `    recorded finished ${f.finishedAfter.toFixed(1)} s after the upload; ${f.readOps} read-store operations, ${f.appends} appends of ${f.eventsAppended} events (the ${f.singles.calls} single verifies, p50 ${Math.round(f.singles.p50)} ms, included); busiest: ${busiest}`,
    );
    for (const s of f.statements) console.log(`    postgres: ${pad(s.calls, 7)} calls ${pad(s.ms, 7)} ms  ${s.query}`);
  }
}

/** The targets of issue 24, met or not, from the runs at 20,000 and 100,000 rows. */
export function printSizing(results: TopologyResult[]): void {
  const rate = (topology: string, rows: number) =>
    results.find((r) => r.topology === topology && r.figures.rows === rows)?.figures.rowsPerSecond;
  const embedded = results[0]?.topology;
  const others = [...new Set(results.map((r) => r.topology))].filter((t) => t !== embedded);
  const rowCounts = [...new Set(results.map((r) => r.figures.rows))].sort((a, b) => a - b);
  // The 50% target is set at 20,000 rows; a run of one size compares at that size.
  const largest = rowCounts[rowCounts.length - 1];
  const middle = rowCounts.includes(20_000) ? 20_000 : rowCounts[Math.max(0, rowCounts.length - 2)];
  for (const topology of others) {
    const base = rate(embedded, middle);
    const same = rate(topology, middle);
    const big = rate(topology, largest);
    if (base && same)
      console.log(
        `target: ${topology} at ${middle} rows >= 50% of embedded: ${Math.round((100 * same) / base)}% (${same >= base / 2 ? 'met' : 'NOT met'})`,
      );
    if (same && big && largest !== middle)
      console.log(
        `target: ${topology} at ${largest} rows >= 80% of its ${middle}-row rate: ${Math.round((100 * big) / same)}% (${big >= 0.8 * same ? 'met' : 'NOT met'})`,
      );
  }
  for (const { topology, figures: f } of results)
    if (f.rows === largest)
      console.log(
        `sizing: ${topology}: ${Math.round(f.rowsPerSecond)} rows/s with ${(f.cpuSeconds / f.seconds).toFixed(2)} cores busy (${f.processes.length === 1 ? 'one process' : `${f.processes.length} processes`}), peak RSS ${Math.round(f.peakRssMb)} MB`,
      );
}

/** What each process cost per 1,000 rows of the job (single verifies meanwhile included) and its peak RSS. */
export function printProcessSizing(results: TopologyResult[]): void {
  console.log('');
  console.log(
    'per process (from /proc, over the job and the single verifies meanwhile; servers: PostgreSQL with its backends, their private memory):',
  );
  console.log(
    [
      'adapters'.padEnd(52),
      pad('rows', 7),
      'process'.padEnd(12),
      pad('cpu s', 6),
      pad('cpu s/1k rows', 13),
      pad('cores busy', 10),
      pad('peak RSS MB', 11),
    ].join(' '),
  );
  for (const { topology, figures: f } of results)
    for (const p of [...f.processes, ...f.servers.map((s) => ({ ...s, role: `(${s.role})` }))])
      console.log(
        [
          topology.padEnd(52),
          pad(f.rows, 7),
          p.role.padEnd(12),
          pad(p.cpuSeconds.toFixed(1), 6),
          pad(((1000 * p.cpuSeconds) / f.rows).toFixed(2), 13),
          pad((p.cpuSeconds / f.seconds).toFixed(2), 10),
          pad(Math.round(p.peakRssMb), 11),
        ].join(' '),
      );
}
