/**
 * What a process and everything it started (npm → node → cluster workers) use, read from /proc:
 * resident memory and CPU time. Linux only; elsewhere each answers null.
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Proc {
  pid: number;
  ppid: number;
  /** utime + stime of all its threads, in clock ticks. */
  ticks: number;
}

/** The fields after the command name: state, ppid, ... utime and stime (the 14th and 15th of the line). */
function readProc(pid: number): Proc | null {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = line.slice(line.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null; // ended meanwhile
  }
}

/** The process and its descendants that are running now; null where there is no /proc. */
function tree(root: number | undefined): Proc[] | null {
  if (!root) return null;
  let all: Proc[];
  try {
    all = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map((d) => readProc(Number(d)))
      .filter((p): p is Proc => p !== null);
  } catch {
    return null;
  }
  const found = all.filter((p) => p.pid === root);
  for (let i = 0; i < found.length; i++) found.push(...all.filter((p) => p.ppid === found[i]!.pid));
  return found;
}

function rssKb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function command(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '?';
  }
}

/** CPU time used so far by the tree, in ms. */
export function treeCpuMs(root: number | undefined): number | null {
  const procs = tree(root);
  return procs && (procs.reduce((sum, p) => sum + p.ticks, 0) * 1000) / TICKS_PER_SECOND;
}

/** Resident memory of the whole tree now, in MB (each process's RSS, summed). */
export function treeRssMb(root: number | undefined): number | null {
  const procs = tree(root);
  return procs && procs.reduce((sum, p) => sum + rssKb(p.pid), 0) / 1024;
}

/** Each process of the tree with its RSS in MB, for a breakdown. */
export function treeProcesses(root: number | undefined): Array<{ pid: number; command: string; rssMb: number }> {
  return (tree(root) ?? []).map((p) => ({ pid: p.pid, command: command(p.pid), rssMb: rssKb(p.pid) / 1024 }));
}

/** The highest tree RSS seen while `work` runs, sampled every `everyMs`. */
export async function peakRssDuring<T>(root: number | undefined, work: () => Promise<T>, everyMs = 200): Promise<{ result: T; peakMb: number | null }> {
  let peak: number | null = null;
  const sample = () => {
    const now = treeRssMb(root);
    if (now !== null) peak = Math.max(peak ?? 0, now);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  try {
    const result = await work();
    sample();
    return { result, peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The tree's memory once it has settled: V8 gives back what start-up used only after some idle
 * time (until then the figure sits higher, flat enough to pass for settled; the figures are in
 * docs/benchmarks/2026-11-28-figures-from-comments.md), and a quiet checkpointer thread ends after 10 s. So the figure is read at
 * `maxSeconds`, or from 45 s on once it has moved less than 1 MB over the last 10 s.
 */
export async function settledIdle(root: number | undefined, maxSeconds: number): Promise<{ processes: ReturnType<typeof treeProcesses>; seconds: number }> {
  const samples: number[] = [];
  for (let s = 1; s <= maxSeconds; s++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    samples.push(treeRssMb(root) ?? 0);
    const last10 = samples.slice(-11);
    if (s >= 45 && Math.max(...last10) - Math.min(...last10) < 1) return { processes: treeProcesses(root), seconds: s };
  }
  return { processes: treeProcesses(root), seconds: maxSeconds };
}
