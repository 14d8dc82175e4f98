import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin, userWithRoles } from '../../../test/harness.ts';
import { createChild, fetchBytes, galleryFiles, mediaRows, tus, tusMetadata, uploadForm } from './gallery-test-kit.ts';

const BYTES = { 'Content-Type': 'application/offset+octet-stream' };

describeEachDatabase('gallery resumable uploads: the finish', (server) => {
  it('finishes an upload once, however many PATCHes arrive at its final offset while it is saved; later ones answer the same item', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Once');
    // Plain text, which is kept byte for byte (a PDF would be written again without its properties).
    const file = Buffer.from(randomBytes(4 * 1024 * 1024).toString('hex'));
    const rows = await mediaRows(server());
    const files = galleryFiles(server()).length;
    const created = await tus(server(), token, 'POST', '/api/uploads', {
      'Upload-Length': String(file.length),
      'Upload-Metadata': tusMetadata({ orphan_id: String(child), media_type: 'document', title: 'Annual report', date: '2024-05-01', filename: 'annual.txt' }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // The last (here: only) chunk, and meanwhile zero-length PATCHes at the final offset, as a
    // client retrying too eagerly (or an attacker) sends them.
    const atEnd = () => tus(server(), token, 'PATCH', location, { ...BYTES, 'Upload-Offset': String(file.length) });
    let lastDone = false;
    const last = tus(server(), token, 'PATCH', location, { ...BYTES, 'Upload-Offset': '0' }, file).finally(() => (lastDone = true));
    const during: Array<Awaited<ReturnType<typeof atEnd>>> = [];
    const repeat = async () => {
      while (!lastDone) during.push(await atEnd());
    };
    await Promise.all([last, repeat(), repeat(), repeat()]);
    const after = [await atEnd(), await atEnd()];

    const first = await last;
    expect(first.status).toBe(200);
    const id = JSON.parse(first.text).data.id as number;
    expect(await mediaRows(server())).toBe(rows + 1);
    expect(galleryFiles(server())).toHaveLength(files + 1);
    // Before the last byte a zero-length PATCH is at the wrong offset (409); after it, it is the same item.
    for (const answer of during) {
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 200) expect(JSON.parse(answer.text).data.id).toBe(id);
    }
    for (const answer of after) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('upload-media-id')).toBe(String(id));
      expect(JSON.parse(answer.text)).toMatchObject({ message: 'Media uploaded successfully', data: { id, title: 'Annual report', size_bytes: file.length } });
    }
    expect((await fetchBytes(server(), JSON.parse(first.text).data.original_url)).body.equals(file)).toBe(true);
  });

  it("refuses a replacement whose uploader lost edit-gallery before its last byte, keeping the item's file and storing nothing", async () => {
    const admin = await loginAdmin(server());
    const child = await createChild(server(), admin, 'Revoked');
    const role = await call(server(), 'POST', '/api/roles', { token: admin, body: { name: 'Gallery editor', permissions: ['view-orphans', 'view-gallery', 'create-gallery', 'edit-gallery'] } });
    expect(role.status).toBe(201);
    const editor = await userWithRoles(server(), ['Gallery editor']);
    const draft = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(32 * 1024)]);
    const id = (await call(server(), 'POST', '/api/galleries', { token: editor.token, body: uploadForm({ orphan_id: child, media_type: 'document', title: 'Plan', date: '2024-05-02' }, { data: draft, name: 'plan.pdf' }) })).body.data.id as number;
    const rows = await mediaRows(server());
    const files = galleryFiles(server());

    const final = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(256 * 1024)]);
    const created = await tus(server(), editor.token, 'POST', '/api/uploads', { 'Upload-Length': String(final.length), 'Upload-Metadata': tusMetadata({ replaces: String(id), filename: 'plan-final.pdf' }) });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = 128 * 1024;
    expect((await tus(server(), editor.token, 'PATCH', location, { ...BYTES, 'Upload-Offset': '0' }, final.subarray(0, half))).status).toBe(204);

    // Meanwhile an administrator takes edit-gallery from the role (create-gallery stays).
    const revoked = await call(server(), 'PUT', `/api/roles/${role.body.data.id}`, { token: admin, body: { name: 'Gallery editor', permissions: ['view-orphans', 'view-gallery', 'create-gallery'] } });
    expect(revoked.status).toBe(200);

    const end = await tus(server(), editor.token, 'PATCH', location, { ...BYTES, 'Upload-Offset': String(half) }, final.subarray(half));
    expect(end.status).toBe(403);
    expect(JSON.parse(end.text)).toMatchObject({ message: 'This action is unauthorized.', code: 'forbidden' });
    const item = (await call(server(), 'GET', `/api/galleries/${id}`, { token: admin })).body.data;
    expect(item).toMatchObject({ file_name: 'plan.pdf', size_bytes: draft.length });
    expect((await fetchBytes(server(), item.original_url)).body.equals(draft)).toBe(true);
    expect(await mediaRows(server())).toBe(rows);
    expect(galleryFiles(server())).toEqual(files);
    // Asked again, the same refusal.
    expect((await tus(server(), editor.token, 'HEAD', location)).status).toBe(403);
  });
});
