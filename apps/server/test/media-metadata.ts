import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What a served file gives away, read by the tools anyone would use on it: exiftool for every
 * metadata block of an image (or a video's QuickTime tags), ffprobe for a video's container and
 * stream tags and chapters. For the tests that prove a child's photo or video says nothing of
 * where it was taken or by whom.
 */

function withFile<T>(bytes: Buffer, suffix: string, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-meta-'));
  const file = path.join(dir, `f${suffix}`);
  try {
    writeFileSync(file, bytes);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every tag exiftool finds, as `Group:Tag` (family 1 groups: IFD0, GPS, XMP-dc, IPTC, QuickTime…). */
export function exifTags(bytes: Buffer): Record<string, unknown> {
  return withFile(bytes, '', (file) => {
    const out = execFileSync('exiftool', ['-j', '-a', '-G1', '-n', '-u', file]).toString();
    return (JSON.parse(out) as Array<Record<string, unknown>>)[0]!;
  });
}

/** Groups that hold what a camera, phone or editor wrote about a picture or clip: EXIF (and its GPS), XMP, IPTC, MP4 user data, colour-profile text. */
const REVEALING_GROUP = /^(IFD\d|ExifIFD|SubIFD|GPS|InteropIFD|MakerNotes|XMP|IPTC|Photoshop|ICC|ItemList|UserData|Keys|Apple|Google|MIE)/;
/** Names and values that give away a place or a person, in any group (a PNG's text, a Matroska tag). */
const REVEALING_NAME = /GPS|Location|Artist|Author|Creator|By-line|Copyright|^Make$|^Model$|Software|Encoder|Comment|^Title$|^Description$|ImageDescription/i;
/** The position written into the test files: 34.5553 N, 69.2075 E. */
const REVEALING_VALUE = /34[.,]55|69[.,]20|Karte Se|Her uncle/;

/** Every tag of a file that gives anything away, as `Group:Tag = value`; [] for a clean file. */
export function giveaways(bytes: Buffer): string[] {
  return Object.entries(exifTags(bytes))
    .filter(([key, value]) => {
      if (key === 'SourceFile' || /^(ExifTool|System):/.test(key)) return false;
      const [group, name = ''] = key.split(':');
      return REVEALING_GROUP.test(group!) || REVEALING_NAME.test(name) || REVEALING_VALUE.test(String(value));
    })
    .map(([key, value]) => `${key} = ${String(value)}`);
}

export interface VideoMetadata {
  formatTags: Record<string, string>;
  streamTags: Array<Record<string, string>>;
  chapters: unknown[];
  streams: Array<{ codec_type: string }>;
}

/** A video's container tags, each stream's tags and its chapters, as ffprobe reads them. */
export function videoMetadata(bytes: Buffer): VideoMetadata {
  return withFile(bytes, '', (file) => {
    const out = execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-show_chapters', '-of', 'json', file]).toString();
    const info = JSON.parse(out) as { format?: { tags?: Record<string, string> }; streams?: Array<{ codec_type: string; tags?: Record<string, string> }>; chapters?: unknown[] };
    return { formatTags: info.format?.tags ?? {}, streamTags: (info.streams ?? []).map((s) => s.tags ?? {}), chapters: info.chapters ?? [], streams: info.streams ?? [] };
  });
}
