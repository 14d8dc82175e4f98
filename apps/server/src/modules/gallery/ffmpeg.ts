import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { videoOverMemoryMessage } from '@app/shared/schemas/media.schema';
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
 * session's share, and the server then waited longer behind other sessions' processes (the
 * bench on shared cores, docs/benchmarks/2026-11-24-transcode-p99-fine.md). Where there are
 * no autogroups the write fails and nothing changes. The server's stop still ends the encode (the
 * abort signal), and its death too (the parent-death signal below), though a kill of the server's
 * whole process group no longer reaches it.
 */
function ownLowPriorityGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, '19');
  } catch {
    /* no autogroups here */
  }
}

let deathSignalPrefix: Promise<string[]> | null = null;

/**
 * Every ffmpeg and ffprobe dies with this server: `setpriv --pdeathsig KILL` (util-linux) makes
 * the kernel kill it the moment its parent process ends, however it ends (kill -9 included), and
 * a stopped (paused) process too. Where setpriv is missing, the start-up sweep of the work folder
 * ends what a dead server left (leftover-encodes.ts).
 */
function dieWithParent(): Promise<string[]> {
  deathSignalPrefix ??= runs('setpriv', ['--pdeathsig', 'KILL', 'true']).then((ok) => (ok ? ['setpriv', '--pdeathsig', 'KILL'] : []));
  return deathSignalPrefix;
}

let addressCapWorks: Promise<boolean> | null = null;

/**
 * A backstop under the memory watch below: `prlimit --as` (util-linux) caps what the process may
 * map at all — twice its memory cap, and room for the libraries every ffmpeg maps — so even growth
 * faster than the watch looks fails inside ffmpeg instead of taking the machine's memory.
 */
async function addressCap(bytes: number | undefined): Promise<string[]> {
  if (!bytes) return [];
  addressCapWorks ??= runs('prlimit', ['--as=1073741824', 'true']);
  return (await addressCapWorks) ? ['prlimit', `--as=${Math.max(2 * bytes, bytes + 512 * 1024 * 1024)}`] : [];
}

/** How often a capped encode's resident memory is read. */
const MEMORY_CHECK_MS = 100;

/** Resident memory of a process in bytes (/proc), or null when it cannot be read. */
function residentBytes(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export interface RunOptions {
  /** An encode: lowest priority, its own process group, waits while the API is busy. */
  lowPriority?: boolean;
  signal?: AbortSignal;
  /** Resident memory the process may hold, in bytes: above it, it is killed (and `overMemory` says so). */
  maxMemoryBytes?: number;
}

interface RunResult {
  code: number | null;
  /** The signal that ended it (SIGKILL, SIGSEGV…), when one did. */
  signal: NodeJS.Signals | null;
  /** Killed for holding more than its `maxMemoryBytes`. */
  overMemory: boolean;
  stdout: string;
  stderr: string;
}

async function run(command: string, args: string[], opts: RunOptions = {}): Promise<RunResult> {
  // Each prefix runs the next in its own place (exec): the encode keeps one process id throughout.
  // The parent-death signal first, so that it holds from the first moment (a pause or a crash may
  // come while the other wrappers still start); it is kept across each exec.
  const prefix = [...(await dieWithParent()), ...(opts.lowPriority ? await lowPriority() : []), ...(await addressCap(opts.maxMemoryBytes))];
  return new Promise((resolve, reject) => {
    const [cmd, argv] = prefix.length ? [prefix[0]!, [...prefix.slice(1), command, ...args]] : [command, args];
    // Aborted (the server stops, or the job is over its time): killed outright; its output is a temporary file.
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal, killSignal: 'SIGKILL', detached: !!opts.lowPriority });
    if (opts.lowPriority) ownLowPriorityGroup(child.pid);
    // A low-priority encode also waits while the API is busy; continued when it ends or is aborted.
    const watched = opts.lowPriority && child.pid ? pausedWhileBusy(child.pid) : () => {};
    opts.signal?.addEventListener('abort', watched, { once: true });
    let overMemory = false;
    const memoryWatch =
      opts.maxMemoryBytes && child.pid
        ? setInterval(() => {
            const held = residentBytes(child.pid!);
            if (held === null || held <= opts.maxMemoryBytes! || overMemory) return;
            overMemory = true;
            child.kill('SIGKILL');
          }, MEMORY_CHECK_MS)
        : null;
    const release = () => {
      if (memoryWatch) clearInterval(memoryWatch);
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
    child.on('close', (code, signal) => {
      release();
      resolve({ code, signal, overMemory, stdout, stderr });
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
  /** Frames per second of the video stream, when it says. */
  fps: number | null;
  /** ffprobe's names of the container format ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm"). */
  formatNames: string[];
}

/** "30000/1001" → 29.97; null for "0/0" or nonsense. */
function rate(text: string | undefined): number | null {
  const [n, d] = (text ?? '').split('/').map(Number);
  const value = d === undefined ? n : n! / d;
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : null;
}

/** Size, duration, frame rate, audio and container of a video; a file ffprobe cannot read fails for good. */
export async function probe(ffprobe: string, file: string, signal?: AbortSignal): Promise<VideoFacts> {
  const { code, stdout, stderr } = await run(
    ffprobe,
    ['-v', 'error', '-show_entries', 'stream=codec_type,width,height,avg_frame_rate,r_frame_rate:stream_tags=rotate:stream_side_data=rotation:stream_disposition=attached_pic:format=duration,format_name', '-of', 'json', file],
    { signal },
  );
  if (code !== 0) throw new FfmpegError(`The video could not be read: ${lastLine(stderr) || 'ffprobe failed'}.`, false);
  const info = JSON.parse(stdout) as {
    streams?: Array<{ codec_type?: string; width?: number; height?: number; avg_frame_rate?: string; r_frame_rate?: string; tags?: { rotate?: string }; side_data_list?: Array<{ rotation?: number }>; disposition?: { attached_pic?: number } }>;
    format?: { duration?: string; format_name?: string };
  };
  // A cover picture (attached_pic) is not the video.
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && s.height && !s.disposition?.attached_pic);
  if (!video) throw new FfmpegError(VIDEO_NO_STREAM, false);
  const rotation = Math.abs(Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0)) % 180;
  const [width, height] = rotation === 90 ? [video.height!, video.width!] : [video.width!, video.height!];
  const duration = Number(info.format?.duration);
  return {
    width,
    height,
    duration: Number.isFinite(duration) ? Math.round(duration * 100) / 100 : null,
    hasAudio: !!info.streams?.some((s) => s.codec_type === 'audio'),
    fps: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    formatNames: (info.format?.format_name ?? '').split(',').filter(Boolean),
  };
}

export const VIDEO_NO_STREAM = 'The file holds no video stream ffmpeg can read.';

/** ffmpeg's last word, for a reason shown on the item: without the server's file paths it names. */
function lastLine(text: string): string {
  return (text.trim().split('\n').pop() ?? '').replace(/(^|[\s'"(])\/[^\s:'",)]+/g, '$1the file').slice(0, 300);
}

/**
 * The standard heights a video gets: those below its short side. A rendition at the source's own
 * resolution or above would only be a bigger or blurrier copy of the original (never upscaled,
 * never a same-size re-encode).
 */
export function targetHeights<T extends string>(facts: Pick<VideoFacts, 'width' | 'height'>, resolutions: Record<T, number>): T[] {
  const short = Math.min(facts.width, facts.height);
  return (Object.keys(resolutions) as T[]).filter((name) => resolutions[name] < short);
}

/** Scale so the short side is `p` (a portrait 1080×1920 phone video at 720p is 720×1280). */
function scaleFilter(facts: Pick<VideoFacts, 'width' | 'height'>, p: number): string {
  return facts.width >= facts.height ? `scale=-2:${p}` : `scale=${p}:-2`;
}

/**
 * Nothing of the source's metadata goes into a file made from it: no global or stream tags (a
 * phone's `location`, its make and model, the author), no chapters, and no "encoder" tag of our own
 * (bitexact). Only the video and audio streams are mapped, never data streams (a camera's GPS
 * track) or cover pictures.
 */
const NO_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'];

/** Why an encode failed: over its memory cap (killed by the watch, or failing to allocate under the backstop), or another error. */
function encodeFailure(what: string, result: RunResult, limits: EncodeLimits): FfmpegError {
  const cannotAllocate = /cannot allocate memory|malloc of size \d+ failed|out of memory/i.test(result.stderr);
  if (limits.maxMemoryBytes && (result.overMemory || cannotAllocate)) return new FfmpegError(videoOverMemoryMessage(Math.round(limits.maxMemoryBytes / 1024 / 1024)), false);
  return new FfmpegError(`${what} failed: ${lastLine(result.stderr) || `ffmpeg exited with ${result.code ?? result.signal}`}.`, true);
}

export interface EncodeLimits {
  /** Resident memory one ffmpeg may hold (TRANSCODE_MAX_MEMORY_MB). */
  maxMemoryBytes?: number;
}

/** H.264/AAC MP4 with the index first (`+faststart`), so a phone starts playing before the end arrives. */
export async function transcode(ffmpeg: string, input: string, output: string, facts: VideoFacts, p: number, signal?: AbortSignal, limits: EncodeLimits = {}): Promise<void> {
  const args = [
    // One thread each for the decoder (else one per core and one more), the filters and the encoder.
    '-hide_banner', '-loglevel', 'error', '-y', '-threads', '1', '-i', input, '-filter_threads', '1',
    '-map', '0:V:0', ...(facts.hasAudio ? ['-map', '0:a:0'] : []), ...NO_METADATA,
    '-vf', scaleFilter(facts, p),
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-threads', '1', '-flags:v', '+bitexact',
    ...(facts.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-flags:a', '+bitexact'] : []),
    '-movflags', '+faststart', '-f', 'mp4', output,
  ];
  const result = await run(ffmpeg, args, { lowPriority: true, signal, ...limits });
  if (result.code !== 0) throw encodeFailure(`Making the ${p}p version`, result, limits);
}

/** A JPEG frame a second in (or mid-way through a shorter clip), at most 720 pixels on its short side. */
// bitexact for the JPEG encoder too: else it writes its name and version in a comment.
export async function poster(ffmpeg: string, input: string, output: string, facts: VideoFacts, signal?: AbortSignal, limits: EncodeLimits = {}): Promise<void> {
  const at = facts.duration ? Math.min(1, facts.duration / 2) : 0;
  const p = Math.min(720, Math.min(facts.width, facts.height));
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(at), '-threads', '1', '-i', input, '-filter_threads', '1', '-map', '0:V:0', ...NO_METADATA, '-flags:v', '+bitexact', '-frames:v', '1', '-vf', scaleFilter(facts, p), '-q:v', '4', '-f', 'image2', output];
  const result = await run(ffmpeg, args, { lowPriority: true, signal, ...limits });
  if (result.code !== 0) throw encodeFailure('Making the poster frame', result, limits);
}

/** The container a kept original is written back in: its own where ffmpeg can write it, else Matroska (which holds any codec). */
const MUXERS: Array<{ format: string; muxer: string; mime: string; ext: string }> = [
  { format: 'mp4', muxer: 'mp4', mime: 'video/mp4', ext: '.mp4' },
  { format: 'mov', muxer: 'mov', mime: 'video/quicktime', ext: '.mov' },
  { format: 'webm', muxer: 'webm', mime: 'video/webm', ext: '.webm' },
  { format: 'matroska', muxer: 'matroska', mime: 'video/x-matroska', ext: '.mkv' },
  { format: 'avi', muxer: 'avi', mime: 'video/x-msvideo', ext: '.avi' },
  { format: 'mpegts', muxer: 'mpegts', mime: 'video/mp2t', ext: '.ts' },
  { format: 'mpeg', muxer: 'mpeg', mime: 'video/mpeg', ext: '.mpg' },
  { format: 'flv', muxer: 'flv', mime: 'video/x-flv', ext: '.flv' },
  { format: '3gp', muxer: '3gp', mime: 'video/3gpp', ext: '.3gp' },
  { format: 'ogg', muxer: 'ogg', mime: 'video/ogg', ext: '.ogv' },
];
const MATROSKA = MUXERS.find((m) => m.format === 'matroska')!;

/** Other names the content sniffer gives the same containers. */
const MIME_ALIASES: Record<string, string> = { 'video/x-m4v': 'video/mp4', 'video/matroska': 'video/x-matroska', 'video/vnd.avi': 'video/x-msvideo', 'video/avi': 'video/x-msvideo', 'video/3gpp2': 'video/3gpp' };

/** The muxer of the source's container: by its sniffed type (mp4 and mov share one demuxer name), else by ffprobe's names. */
function sameContainer(facts: VideoFacts, mime: string): (typeof MUXERS)[number] {
  const type = MIME_ALIASES[mime] ?? mime;
  return MUXERS.find((m) => m.mime === type) ?? MUXERS.find((m) => facts.formatNames.includes(m.format)) ?? MATROSKA;
}

/**
 * The kept original, written again without its metadata: the same video and audio streams, not
 * re-encoded (stream copy), in the same container where it takes them (else Matroska), without
 * tags, chapters, data streams (a camera's GPS track), subtitles or cover pictures. A rotation
 * stays (it is how the picture is shown, not metadata). Answers the file's type and extension.
 */
export async function withoutMetadata(ffmpeg: string, input: string, output: string, facts: VideoFacts, mime: string, signal?: AbortSignal): Promise<{ mime: string; ext: string }> {
  const attempt = async (target: (typeof MUXERS)[number]) => {
    const args = ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-map', '0:V', '-map', '0:a?', '-c', 'copy', ...NO_METADATA, '-dn', '-sn',
      ...(target.muxer === 'mp4' || target.muxer === 'mov' ? ['-movflags', '+faststart'] : []), '-f', target.muxer, output];
    return run(ffmpeg, args, { signal });
  };
  const own = sameContainer(facts, mime);
  let result = await attempt(own);
  if (result.code === 0) return own;
  // The container would not take a stream as it is (an odd codec in MP4): Matroska takes any.
  if (own !== MATROSKA) {
    result = await attempt(MATROSKA);
    if (result.code === 0) return MATROSKA;
  }
  throw new FfmpegError(`The video could not be read: ${lastLine(result.stderr) || 'ffmpeg failed'}.`, false);
}
