import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What a dead server's encodes leave running, found at start: an ffmpeg whose output is in this
 * storage's encode work folder under the name of a process that has ended (`<pid>-<random>…`,
 * transcode-worker.ts). The parent-death signal (ffmpeg.ts) ends them with the server where
 * setpriv exists; this ends what is left where it does not, or what was started without it. A
 * paused (stopped) one too: SIGKILL needs no continue.
 */
export async function endLeftoverEncodes(workDir: string, gone: (pid: number) => boolean): Promise<number> {
  const prefix = `${path.resolve(workDir)}/`;
  let ended = 0;
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return 0; // no /proc here: nothing to look at
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let args: string[];
    try {
      args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    } catch {
      continue; // ended meanwhile, or not ours to read
    }
    const owner = args.filter((a) => a.startsWith(prefix)).map((a) => Number(path.basename(a).split('-')[0]));
    if (!owner.length || !owner.every((p) => Number.isInteger(p) && gone(p))) continue;
    try {
      process.kill(pid, 'SIGKILL');
      ended++;
    } catch {
      /* ended meanwhile */
    }
  }
  return ended;
}
