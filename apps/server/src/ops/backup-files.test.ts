import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyTree, timestampName } from './backup-files.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-backup-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('copyTree', () => {
  it('copies stored files and upload marks, not work in progress', async () => {
    const from = path.join(dir, 'storage');
    for (const [file, text] of [
      ['orphans/2026/11/a.webp', 'photo'],
      ['.uncommitted/orphans/2026/11/a.webp@123', ''],
      ['.tmp/123-abc', 'half'],
      ['.resumable/upload-1', 'part'],
      ['.transcode/job-1/out.mp4', 'work'],
    ]) {
      mkdirSync(path.dirname(path.join(from, file)), { recursive: true });
      writeFileSync(path.join(from, file), text);
    }
    const to = path.join(dir, 'copy');
    expect(await copyTree(from, to)).toEqual({ files: 2, bytes: 5 });
    const copied = readdirSync(to, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(to, path.join(e.parentPath, e.name)));
    expect(copied.sort()).toEqual(['.uncommitted/orphans/2026/11/a.webp@123', 'orphans/2026/11/a.webp']);
  });

  it('treats a storage folder that does not exist yet as empty', async () => {
    expect(await copyTree(path.join(dir, 'never-made'), path.join(dir, 'copy-2'))).toEqual({ files: 0, bytes: 0 });
  });
});

it('names backups by time, sortable and valid on every file system', () => {
  expect(timestampName(new Date('2026-11-24T02:00:05.123Z'))).toBe('2026-11-24T02-00-05Z');
});
