import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { pausedWhileBusy } from './encode-pauses.ts';

/**
 * ffmpeg and ffprobe as child processes (a system package: scripts/install-system-deps.sh). Every
 * encode runs at the lowest priority the system offers (lowPriority) with one thread for decoding,
 * filtering and encoding alike, and waits while the API is busy (encode-pauses.ts), so a
 * transcode takes what the API leaves and never starves it.
 */

export class FfmpegError extends Error {
  constructor(
    message: string,
    /** False when trying again cannot help (ffmpeg cannot read the file). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Whether `command args` runs and exits 0 (for the wrappers below). */
function runs(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

let lowPriorityPrefix: Promise<string[]> | null = null;

/**
 * The commands an encode runs under, found once: `nice -n 19`, then, where util-linux has them,
 * `ionice -c 3` (its disk work waits for everyone else's) and `chrt --idle 0` (SCHED_IDLE: a
 * server thread that wakes takes the core from it at once). Each is a lowering any user may make;
 * one that fails here is left out.
 */
function lowPriority(): Promise<string[]> {
  lowPriorityPrefix ??= (async () => {
    const prefix = ['nice', '-n', '19'];
    if (await runs('ionice', ['-c', '3', 'true'])) prefix.push('ionice', '-c', '3');
    if (await runs('chrt', ['--idle', '0', 'true'])) prefix.push('chrt', '--idle', '0');
    return prefix;
  })();
  return lowPriorityPrefix;
}

/**
 * An encode also gets a session of its own whose autogroup is at nice 19 (decision 0044; Linux groups CPU time
 * by session first, then by process within it). In the server's session, its nice applied only
 * against the server: each moment the server waited for a request, the encode spent the
 * session's share, and the server then waited longer behind other sessions' processes (issue
 * 14's bench on shared cores, docs/benchmarks/2026-11-24-transcode-p99-fine.md). Where there are
 * no autogroups the write fails and nothing changes. The server's stop still ends the encode (the
 * abort signal); a kill of the server's whole process group no longer reaches it, so it finishes
 * at idle priority, as it did when the server alone was killed.
 */
function ownLowPriorityGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, '19');
  } catch {
    /* no autogroups here */
  }
}

async function run(command: string, args: string[], opts: { lowPriority?: boolean; signal?: AbortSignal } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const prefix = opts.lowPriority ? await lowPriority() : [];
  return new Promise((resolve, reject) => {
    const [cmd, argv] = prefix.length ? [prefix[0]!, [...prefix.slice(1), command, ...args]] : [command, args];
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal, detached: !!opts.lowPriority });
    if (opts.lowPriority) ownLowPriorityGroup(child.pid);
    // A low-priority encode also waits while the API is busy; continued when it ends or is aborted.
    const watched = opts.lowPriority && child.pid ? pausedWhileBusy(child.pid) : () => {};
    opts.signal?.addEventListener('abort', watched, { once: true });
    const release = () => {
      opts.signal?.removeEventListener('abort', watched);
      watched();
    };
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-64 * 1024)));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8 * 1024)));
    child.on('error', (err) => {
      release();
      reject(err);
    });
    child.on('close', (code) => {
      release();
      resolve({ code, stdout, stderr });
    });
  });
}

/** Whether `command -version` runs: checked once at start. */
export async function isAvailable(command: string): Promise<boolean> {
  if (!command || command === 'none') return false;
  try {
    return (await run(command, ['-version'])).code === 0;
  } catch {
    return false;
  }
}

export interface VideoFacts {
  /** As displayed (rotation applied). */
  width: number;
  height: number;
  duration: number | null;
  hasAudio: boolean;
}

/** Size, duration and audio of a video; a file ffprobe cannot read fails for good. */
export async function probe(ffprobe: string, file: string): Promise<VideoFacts> {
  const { code, stdout, stderr } = await run(ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_type,width,height:stream_tags=rotate:stream_side_data=rotation:format=duration', '-of', 'json', file]);
  if (code !== 0) throw new FfmpegError(`The video could not be read: ${lastLine(stderr) || 'ffprobe failed'}.`, false);
  const info = JSON.parse(stdout) as {
    streams?: Array<{ codec_type?: string; width?: number; height?: number; tags?: { rotate?: string }; side_data_list?: Array<{ rotation?: number }> }>;
    format?: { duration?: string };
  };
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) throw new FfmpegError('The file holds no video stream ffmpeg can read.', false);
  const rotation = Math.abs(Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0)) % 180;
  const [width, height] = rotation === 90 ? [video.height!, video.width!] : [video.width!, video.height!];
  const duration = Number(info.format?.duration);
  return { width, height, duration: Number.isFinite(duration) ? Math.round(duration * 100) / 100 : null, hasAudio: !!info.streams?.some((s) => s.codec_type === 'audio') };
}

function lastLine(text: string): string {
  return text.trim().split('\n').pop()?.slice(0, 300) ?? '';
}

/** The standard heights a video gets: those not above its short side (never upscaled). */
export function targetHeights<T extends string>(facts: Pick<VideoFacts, 'width' | 'height'>, resolutions: Record<T, number>): T[] {
  const short = Math.min(facts.width, facts.height);
  return (Object.keys(resolutions) as T[]).filter((name) => resolutions[name] <= short);
}

/** Scale so the short side is `p` (a portrait 1080×1920 phone video at 720p is 720×1280). */
function scaleFilter(facts: Pick<VideoFacts, 'width' | 'height'>, p: number): string {
  return facts.width >= facts.height ? `scale=-2:${p}` : `scale=${p}:-2`;
}

/** H.264/AAC MP4 with the index first (`+faststart`), so a phone starts playing before the end arrives. */
export async function transcode(ffmpeg: string, input: string, output: string, facts: VideoFacts, p: number, signal?: AbortSignal): Promise<void> {
  const args = [
    // One thread each for the decoder (else one per core and one more), the filters and the encoder.
    '-hide_banner', '-loglevel', 'error', '-y', '-threads', '1', '-i', input, '-filter_threads', '1',
    '-map', '0:v:0', ...(facts.hasAudio ? ['-map', '0:a:0'] : []),
    '-vf', scaleFilter(facts, p),
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-threads', '1',
    ...(facts.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
    '-movflags', '+faststart', '-f', 'mp4', output,
  ];
  const { code, stderr } = await run(ffmpeg, args, { lowPriority: true, signal });
  if (code !== 0) throw new FfmpegError(`Making the ${p}p version failed: ${lastLine(stderr) || `ffmpeg exited with ${code}`}.`, true);
}

/** A JPEG frame a second in (or mid-way through a shorter clip), at most 720 pixels on its short side. */
export async function poster(ffmpeg: string, input: string, output: string, facts: VideoFacts, signal?: AbortSignal): Promise<void> {
  const at = facts.duration ? Math.min(1, facts.duration / 2) : 0;
  const p = Math.min(720, Math.min(facts.width, facts.height));
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(at), '-threads', '1', '-i', input, '-filter_threads', '1', '-frames:v', '1', '-vf', scaleFilter(facts, p), '-q:v', '4', '-f', 'image2', output];
  const { code, stderr } = await run(ffmpeg, args, { lowPriority: true, signal });
  if (code !== 0) throw new FfmpegError(`Making the poster frame failed: ${lastLine(stderr) || `ffmpeg exited with ${code}`}.`, true);
}
