/**
 * What encrypting stored files costs (files at rest), part of `npm run bench`: a video's stream
 * throughput encrypted against plain (median of three rounds, each path a process of its own, in
 * turn), and the peak memory while streaming and while uploading a big file, encrypted against
 * plain (bench/files-at-rest-child.ts measures each).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FileMeasured, FileMode } from './files-at-rest-child.ts';

const CHILD = fileURLToPath(new URL('./files-at-rest-child.ts', import.meta.url));
const ROUNDS = 3;

function child(mode: FileMode, encrypted: boolean, mb: number): FileMeasured {
  const out = spawnSync(process.execPath, ['--import', 'tsx', CHILD, 'child', mode, String(encrypted), String(mb)], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`files at rest, ${mode} of ${mb} MB: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split('\n').pop()!) as FileMeasured;
}

const mbPerSecond = (m: FileMeasured) => m.bytes / 1048576 / m.seconds;
const mbPerCpuSecond = (m: FileMeasured) => m.bytes / 1048576 / m.cpuSeconds;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const line = (m: FileMeasured) =>
  `${mbPerSecond(m).toFixed(0).padStart(5)} MB/s (${m.seconds.toFixed(2)} s), ${mbPerCpuSecond(m).toFixed(0).padStart(5)} MB per CPU s, RSS ${m.baseRssMb.toFixed(0)} → peak ${m.peakRssMb.toFixed(0)} MB`;

export interface FilesAtRest {
  /** Encrypted ÷ plain stream throughput, wall clock and per CPU second: medians of the rounds. */
  throughputRatio: number;
  cpuThroughputRatio: number;
  /** Encrypted ÷ plain peak resident memory, streaming and uploading the big file. */
  streamMemoryRatio: number;
  uploadMemoryRatio: number;
}

/** Measure and print; `videoMb` for the throughput (200 in the budget), `bigMb` for the memory (2,048). */
export function filesAtRest(videoMb: number, bigMb: number): FilesAtRest {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const plain = child('stream', false, videoMb);
    const sealed = child('stream', true, videoMb);
    wall.push(mbPerSecond(sealed) / mbPerSecond(plain));
    cpu.push(mbPerCpuSecond(sealed) / mbPerCpuSecond(plain));
    console.log(`    streaming ${videoMb} MB, round ${round}: ${'plain'.padEnd(9)} ${line(plain)}`);
    console.log(`    ${' '.repeat(`streaming ${videoMb} MB, round ${round}:`.length)} encrypted ${line(sealed)}`);
  }
  const memory: Record<FileMode, number> = { stream: 0, upload: 0 };
  for (const mode of ['stream', 'upload'] as const) {
    const plain = child(mode, false, bigMb);
    const sealed = child(mode, true, bigMb);
    memory[mode] = sealed.peakRssMb / plain.peakRssMb;
    const label = `${mode === 'stream' ? 'streaming' : 'uploading'} ${bigMb} MB:`;
    console.log(`    ${label} ${'plain'.padEnd(9)} ${line(plain)}`);
    console.log(`    ${' '.repeat(label.length)} encrypted ${line(sealed)}`);
  }
  return { throughputRatio: median(wall), cpuThroughputRatio: median(cpu), streamMemoryRatio: memory.stream, uploadMemoryRatio: memory.upload };
}
