/**
 * CPU seconds and peak resident memory of OS processes over a window, read from /proc (Linux): what
 * `npm run bench:topology` reports per role. The kernel's own accounting, so a process that serves no
 * metrics (or is too busy to answer them) is measured the same way as one that does.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';

export interface ProcessUse {
  role: string;
  cpuSeconds: number;
  /**
   * The largest VmRSS seen while sampling (not VmHWM: that includes start-up, before the window); for a
   * process tree, the root's VmRSS plus its descendants' private (anonymous) memory.
   */
  peakRssMb: number;
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process in seconds; 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}

/** VmRSS, or for a server's helper processes (`privateOnly`) RssAnon: PostgreSQL's backends map the same shared buffers. */
function rssMbOf(pid: number, privateOnly = false): number {
  try {
    const field = privateOnly ? 'RssAnon' : 'VmRSS';
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process and, for a server that forks (PostgreSQL's backends), every descendant alive now. */
function treeOf(pid: number): number[] {
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    // Gone, or a kernel without the children file: the process alone.
  }
  return [pid, ...children.flatMap(treeOf)];
}

/**
 * Samples the given processes (with `tree`, each with its descendants: a backend that starts meanwhile
 * counts from zero) every `everyMs` from now until stop().
 */
export function sampleProcesses(
  processes: { role: string; pid: number; tree?: boolean }[],
  everyMs = 250,
): { stop(): ProcessUse[] } {
  const pidsOf = (p: { pid: number; tree?: boolean }) => (p.tree ? treeOf(p.pid) : [p.pid]);
  // Per process: the CPU each pid had when first seen (0 for one that started in the window) and last seen.
  const first = processes.map((p) => new Map(pidsOf(p).map((pid) => [pid, cpuSecondsOf(pid)])));
  const last = first.map((seen) => new Map(seen));
  const peaks = processes.map(() => 0);
  const sample = () =>
    processes.forEach((p, i) => {
      let rss = 0;
      for (const pid of pidsOf(p)) {
        if (!first[i].has(pid)) first[i].set(pid, 0);
        const cpu = cpuSecondsOf(pid);
        if (cpu > 0) last[i].set(pid, cpu);
        rss += rssMbOf(pid, pid !== p.pid);
      }
      peaks[i] = Math.max(peaks[i], rss);
    });
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return processes.map((p, i) => ({
        role: p.role,
        cpuSeconds: [...last[i]].reduce((sum, [pid, cpu]) => sum + cpu - (first[i].get(pid) ?? 0), 0),
        peakRssMb: peaks[i],
      }));
    },
  };
}
