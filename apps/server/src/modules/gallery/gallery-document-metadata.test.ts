import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin } from '../../../test/harness.ts';
import { giveaways } from '../../../test/media-metadata.ts';
import { cleanMediaMetadata } from '../../ops/clean-media-metadata.ts';
import { createChild, fetchBytes, replace, upload } from './gallery-test-kit.ts';

/*
 * What a child's document gives away: nothing of who wrote it or where. A PDF with an author, a
 * title naming the child, its creator and producer and a GPS position in its XMP, and a Word file
 * with its author and title in its properties, are uploaded; every served copy is read back with
 * pdfinfo, exiftool and as raw bytes. An old Word file, which no tool cleans, is kept and the
 * uploader is told so.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'oc-docmeta-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the test files say of who and where, in any encoding a PDF or XML part may hold it. */
const SECRETS = ['Her uncle', 'Maryam Ahmadi', 'PhoneScanner', '34.5553', '69.2075'];
const said = (bytes: Buffer) => SECRETS.filter((s) => bytes.includes(s) || bytes.includes(Buffer.from(s, 'utf16le')) || bytes.includes(Buffer.from(s, 'utf16le').swap16()));

function withFile<T>(bytes: Buffer, name: string, read: (file: string) => T): T {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}-${name}`);
  writeFileSync(file, bytes);
  try {
    return read(file);
  } finally {
    rmSync(file, { force: true });
  }
}

/** pdfinfo's lines, and the text of the pages (pdftotext). */
const pdfinfo = (bytes: Buffer) => withFile(bytes, 'f.pdf', (f) => execFileSync('pdfinfo', [f]).toString());
const pdftext = (bytes: Buffer) => withFile(bytes, 'f.pdf', (f) => execFileSync('pdftotext', [f, '-']).toString());

async function signedPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ info: { Author: 'Her uncle', Title: 'Report on Maryam Ahmadi', Creator: 'PhoneScanner', Producer: 'PhoneScanner' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => doc.on('end', r));
  doc.text('School report: reading and writing are good.');
  doc.end();
  await ended;
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, Buffer.concat(chunks));
  execFileSync('exiftool', ['-q', '-overwrite_original', '-n', '-XMP-exif:GPSLatitude=34.5553', '-XMP-exif:GPSLongitude=69.2075', '-XMP-dc:Creator=Her uncle', file]);
  const bytes = readFileSync(file);
  // As uploaded it does give it all away (else this test proves nothing).
  expect(pdfinfo(bytes)).toMatch(/Author:\s+Her uncle/);
  expect(giveaways(bytes).join('\n')).toMatch(/GPS/);
  return bytes;
}

async function signedDocx(): Promise<Buffer> {
  const zip = new JSZip();
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  zip.file('[Content_Types].xml', `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`);
  zip.file('_rels/.rels', `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`);
  zip.file('word/document.xml', `${xml}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>A letter from school</w:t></w:r></w:p></w:body></w:document>`);
  zip.file('docProps/core.xml', `${xml}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Letter about Maryam Ahmadi</dc:title><dc:creator>Her uncle</dc:creator><cp:lastModifiedBy>Her uncle</cp:lastModifiedBy></cp:coreProperties>`);
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  expect(giveaways(bytes).join('\n')).toMatch(/Her uncle/);
  return bytes;
}

/** A docx's parts, unpacked (its XML is compressed: raw bytes would not show what it says). */
async function docxText(bytes: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = await Promise.all(Object.values(zip.files).filter((f) => !f.dir).map((f) => f.async('nodebuffer')));
  return Buffer.concat(parts);
}

/** The first bytes of an OLE compound file, as an old Word .doc starts. */
const OLD_WORD = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);

describeEachDatabase('what a document gives away', (server) => {
  it("keeps no author, title, creator or GPS position in a PDF's or Word file's served copies; its text stays", { timeout: 120_000 }, async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Document');
    const pdf = await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Report' }, { data: await signedPdf(), name: 'report.pdf', type: 'application/pdf' });
    expect(pdf.status).toBe(201);
    expect(pdf.body.message).toBe('Media uploaded successfully');
    for (const url of [pdf.body.data.original_url, pdf.body.data.download_url]) {
      const served = await fetchBytes(server(), url);
      expect(served.status).toBe(200);
      expect(pdfinfo(served.body), url).not.toMatch(/^(Author|Title|Creator|Producer|Keywords|Subject):/m);
      expect(giveaways(served.body), url).toEqual([]);
      expect(said(served.body), url).toEqual([]);
      expect(pdftext(served.body)).toContain('reading and writing are good');
      expect(pdf.body.data.size_bytes).toBe(served.body.length);
    }

    const docx = await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Letter' }, { data: await signedDocx(), name: 'letter.docx' });
    expect(docx.status).toBe(201);
    const served = (await fetchBytes(server(), docx.body.data.original_url)).body;
    expect(giveaways(served)).toEqual([]);
    const parts = await docxText(served);
    expect(said(parts)).toEqual([]);
    expect(parts.toString()).toContain('A letter from school');

    // A replaced file is cleaned the same way.
    const replaced = await replace(server(), token, docx.body.data.id, {}, { data: await signedPdf(), name: 'again.pdf' });
    expect(replaced.status).toBe(200);
    const again = (await fetchBytes(server(), replaced.body.data.original_url)).body;
    expect(said(again)).toEqual([]);
    expect(pdfinfo(again)).not.toMatch(/^Author:/m);
  });

  it('keeps an old Word file as it is and tells the uploader its properties could not be removed, in their language', async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Old Word');
    const res = await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Old letter' }, { data: OLD_WORD, name: 'old.doc' });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/^Uploaded, but its author and other hidden properties could not be removed: old Word \(\.doc\) files cannot be cleaned/);
    expect(res.body.data).toMatchObject({ mime_type: 'application/msword', status: 'ready', status_reason: res.body.message });
    const dari = await call(server(), 'POST', '/api/galleries', {
      token,
      headers: { 'Accept-Language': 'fa-AF' },
      body: (() => {
        const form = new FormData();
        for (const [k, v] of Object.entries({ orphan_id: String(child), media_type: 'document', title: 'Old letter', date: '2024-05-01' })) form.append(k, v);
        form.append('file', new Blob([new Uint8Array(OLD_WORD)]), 'old.doc');
        return form;
      })(),
    });
    expect(dari.status).toBe(201);
    expect(dari.body.message).toMatch(/^بارگذاری شد، اما نویسنده/);
  });

  it('cleans, by the one-off command, the documents stored before uploads lost their properties', { timeout: 120_000 }, async () => {
    const token = await loginAdmin(server());
    const child = await createChild(server(), token, 'Stored');
    const db = server().database.db;
    const files = server().app.fileStore.files;
    const dirty = await signedPdf();
    const item = (await upload(server(), token, { orphan_id: child, media_type: 'document', title: 'Stored before' }, { data: dirty, name: 'old.pdf' })).body.data;
    const row = await db.selectFrom('media').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    // As the file of an item stored before this change is: the PDF as uploaded.
    await files.put(row.file_path, dirty);
    await files.commit([row.file_path]);
    await db.updateTable('media').set({ size_bytes: dirty.length }).where('id', '=', item.id).execute();
    const get = async () => (await call(server(), 'GET', `/api/galleries/${item.id}`, { token })).body.data;
    expect(said((await fetchBytes(server(), (await get()).original_url)).body).length).toBeGreaterThan(0);

    const report = await cleanMediaMetadata(server().config);
    expect(report.skipped).toEqual([]);
    expect(report.documents).toBeGreaterThanOrEqual(1);
    const clean = await get();
    const served = (await fetchBytes(server(), clean.original_url)).body;
    expect(said(served)).toEqual([]);
    expect(pdfinfo(served)).not.toMatch(/^Author:/m);
    expect(clean.size_bytes).toBe(served.length);
    expect(await files.exists(row.file_path)).toBe(false);
  });
});
