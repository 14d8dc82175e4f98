import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, it } from 'vitest';
import { signInChild } from '../../../test/child-server.ts';
import { describeKilledServer } from '../../../test/killed-server.ts';
import { storedFiles } from '../../../test/stored-files.ts';

/**
 * A server killed while it saves a finished resumable upload (decision 0038): the real server as a
 * child process, a video's last bytes sent, SIGKILL once its save is recorded as under way, then a
 * start. The start resolves the cut-off save from the database: here its row never committed, so
 * the record goes with the received bytes and the stored file, and the page's HEAD gets 404 (it
 * sends the file again) instead of 423 for a day. (A save whose row did commit is resolved to its
 * item: gallery-resumable.test.ts, where the moment can be chosen.) On SQLite and PostgreSQL.
 */

const TUS = { 'Tus-Resumable': '1.0.0' };
/** Large enough that storing it takes the server a while after the record says it began. */
const VIDEO_BYTES = 48 * 1024 * 1024;

/** A file that passes as an MP4 by its first box, the rest filler. */
function fakeVideo(): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom')]);
  return Buffer.concat([head, Buffer.alloc(VIDEO_BYTES - head.length, 0x5a)]);
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

describeKilledServer('a server killed while saving a resumable upload', (server) => {
  it('is resolved at the next start: the bytes and the stray file go, and the HEAD says 404 instead of 423', { timeout: 120_000 }, async () => {
    let running = await server.start();
    const { place } = server;
    const token = await signInChild(running.base);
    const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    const child = await fetch(`${running.base}/api/orphans`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ first_name: 'Killed', last_name: 'Save', dob: '2015-05-01', gender: 'female', admission_date: '2023-01-10', status: 'active' }),
    });
    const childId = ((await child.json()) as { data: { id: number } }).data.id;
    const video = fakeVideo();
    const metadata = Object.entries({ orphan_id: String(childId), media_type: 'video', title: 'Sports day', date: '2024-05-01', filename: 'sports.mp4' })
      .map(([k, v]) => `${k} ${b64(v)}`)
      .join(',');
    const created = await fetch(`${running.base}/api/uploads`, { method: 'POST', headers: { ...TUS, ...auth, 'Upload-Length': String(video.length), 'Upload-Metadata': metadata } });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    const record = path.join(place.storageDir, '.resumable-finished', `${id}.json`);

    // Every byte in one PATCH; its answer is never waited for: the server dies saving it.
    const url = new URL(running.base);
    const patch = http.request({ host: url.hostname, port: url.port, path: location, method: 'PATCH', headers: { ...TUS, ...auth, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0', 'Content-Length': String(video.length) } });
    patch.on('error', () => {});
    patch.end(video);
    const saving = () => existsSync(record) && readFileSync(record, 'utf8').includes('"saving"');
    while (!saving()) await new Promise((r) => setImmediate(r));
    const { file_key: fileKey } = JSON.parse(readFileSync(record, 'utf8')) as { file_key: string };
    await server.kill();
    patch.destroy();
    // What the kill left: all the bytes received, the save recorded as under way by a process that is gone.
    expect(existsSync(path.join(place.storageDir, '.resumable', id))).toBe(true);
    expect(saving()).toBe(true);

    running = await server.start();
    // Resolved by the start, before anyone asks (the start's sweep runs beside serving).
    for (let i = 0; i < 200 && existsSync(record); i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(record)).toBe(false);
    expect(existsSync(path.join(place.storageDir, '.resumable', id))).toBe(false);
    expect(existsSync(path.join(place.storageDir, fileKey))).toBe(false);
    expect(storedFiles(place.storageDir).filter((f) => f.startsWith('gallery/') || f.startsWith('.uncommitted/'))).toEqual([]);

    const again = await signInChild(running.base);
    const head = await fetch(`${running.base}${location}`, { method: 'HEAD', headers: { ...TUS, Authorization: `Bearer ${again}` } });
    expect(head.status).toBe(404);
    const list = await fetch(`${running.base}/api/galleries?orphan_id=${childId}`, { headers: { Authorization: `Bearer ${again}`, Accept: 'application/json' } });
    expect(((await list.json()) as { total: number }).total).toBe(0);
  });
});
