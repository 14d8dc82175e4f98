import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE } from '@app/shared/permissions';
import { call, describeEachDatabase, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';

/**
 * The progress report: a real PDF read back with poppler (scripts/install-system-deps.sh
 * installs it): its text with pdftotext, its first page drawn with pdftoppm, its images listed.
 */

const run = promisify(execFile);
const work = mkdtempSync(path.join(os.tmpdir(), 'oc-report-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let fileSeq = 0;

const DARI_CHILD = { first_name: 'مریم', last_name: 'احمدی', father_name: 'احمد', dob: '2014-03-21', gender: 'female', admission_date: '2021-03-01', class_grade: '5' };
const ENGLISH_CHILD = { first_name: 'Amina', last_name: 'Rahimi', father_name: 'Nasir', dob: '2013-02-01', gender: 'female', admission_date: '2021-03-01', class_grade: '0' };
const RESULTS = [
  { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, average: 80, score: 85, grade: 'A' },
  // Out of 50: 60 %, so the term's average is 72.5 % (85 % and 60 %), not the raw 57.5.
  { result_type: 'education', subject: 'Science', term: 'First Term', exam_date: '2025-05-12', year: 2025, total: 50, average: 80, score: 30, grade: 'C' },
  { result_type: 'course', subject: 'English', course_type: 'Language', term: 'Final', exam_date: '2025-06-01', year: 2025, total: 50, score: 41, grade: 'B' },
];
const MONTHS = [
  { month: 2, year: 2025, present_days: 18, absent_days: 2, late_days: 1, excused_days: 1, absence_reasons: 'Fever' },
  { month: 3, year: 2025, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 },
];

async function newChild(server: TestServer, token: string, fields: Record<string, unknown>, withRecords = true): Promise<number> {
  const res = await call(server, 'POST', '/api/orphans', { token, body: fields });
  if (res.status !== 201) throw new Error(`child: ${res.status} ${JSON.stringify(res.body)}`);
  const id: number = res.body.data.id;
  if (!withRecords) return id;
  for (const r of RESULTS) expect((await call(server, 'POST', '/api/results', { token, body: { ...r, orphan_id: id } })).status).toBe(201);
  for (const m of MONTHS) expect((await call(server, 'POST', '/api/attendances', { token, body: { ...m, orphan_id: id } })).status).toBe(201);
  return id;
}

interface Fetched {
  status: number;
  headers: Headers;
  body: Buffer;
}

async function report(server: TestServer, id: number | string, token: string | undefined, language?: string): Promise<Fetched> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (language) headers['Accept-Language'] = language;
  const res = await fetch(`${server.url}/api/orphans/${id}/progress-report`, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

function saved(pdf: Buffer): string {
  const file = path.join(work, `report-${++fileSeq}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** The PDF's text as poppler reads it, with the bidi control characters it adds removed and spaces collapsed. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', saved(pdf), '-']);
  return stdout.replace(/[\u200e\u200f\u202a-\u202e]/g, '').replace(/[ \t]+/g, ' ');
}

const json = (r: Fetched) => JSON.parse(r.body.toString('utf8'));

describeEachDatabase('progress report API', (server) => {
  let admin: string;
  let dari: number;
  let english: number;
  beforeAll(async () => {
    admin = await loginAdmin(server());
    dari = await newChild(server(), admin, DARI_CHILD);
    english = await newChild(server(), admin, ENGLISH_CHILD);
  });

  it('writes a Dari report for a Dari record: the name, the title, the averages in Persian digits, as a download', async () => {
    const res = await report(server(), dari, admin, 'fa-AF,fa;q=0.9,en;q=0.8');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-language')).toBe('fa-AF');
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(new RegExp(`^attachment; filename="progress-report-${dari}-\\d{4}-\\d{2}-\\d{2}\\.pdf"; filename\\*=UTF-8''`));
    const encoded = disposition.split("filename*=UTF-8''")[1]!;
    expect(decodeURIComponent(encoded)).toMatch(/^progress-report-مریم-احمدی-\d{4}-\d{2}-\d{2}\.pdf$/);

    const text = await pdfText(res.body);
    // poppler puts right-to-left text back in reading order: words come out as they were typed.
    expect(text).toContain('مریم');
    expect(text).toContain('احمدی');
    expect(text).toContain('گزارش پیشرفت');
    expect(text).toContain('نتایج به تفکیک ترم');
    expect(text).toContain('حاضری به تفکیک ماه');
    // The First Term's education average (85 % and 60 %: 72.5 %) and the course's score, in Persian digits.
    const fa = new Intl.NumberFormat('fa-AF', { maximumFractionDigits: 2 });
    expect(text).toContain(fa.format(72.5));
    expect(text).not.toContain(fa.format(57.5));
    expect(text).toContain(fa.format(41));
    expect(text).toContain('نتایج تعلیمی مریم احمدی');
    // No Latin digit of the figures: the numbers were written for the language.
    expect(text).not.toContain('72.5');
    expect(text).not.toContain('57.5');
  });

  it('writes Pashto for ps-AF and English when the language is not one of the three', async () => {
    const ps = await pdfText((await report(server(), dari, admin, 'ps-AF')).body);
    expect(ps).toContain('د پرمختګ راپور');
    expect(ps).toContain('مریم');
    const other = await report(server(), dari, admin, 'de-DE,de;q=0.9');
    expect(other.headers.get('content-language')).toBe('en');
    expect(await pdfText(other.body)).toContain('Progress report');
  });

  it('writes an English report with English labels, figures and month names', async () => {
    const res = await report(server(), english, admin, 'en-US,en;q=0.9');
    expect(res.status).toBe(200);
    const text = await pdfText(res.body);
    for (const label of ['Progress report', 'Amina Rahimi', 'Basic information', "Father's name", 'Nasir', 'PREP', 'Results by term', 'School year 2025', 'First Term', 'Mathematics', 'Attendance by month', 'February 2025', 'March 2025', 'Note', 'No Photo']) {
      expect(text, label).toContain(label);
    }
    // Averages and the note in percentages of each result's total marks (85 of 100 and 30 of 50: 72.5 %, not 57.5).
    expect(text).toContain('Average (% of total marks) — Education: 72.5%');
    expect(text).toContain('Average (% of total marks) — Course: 82%');
    expect(text).toContain('30 / 50 (60%)');
    expect(text).toContain('85 / 100 (85%)');
    expect(text).toMatch(/Amina Rahimi's education results average 72\.5% of\s+the total marks\./);
    expect(text).not.toContain('57.5');
    expect(text).toContain('Attendance rate = (present + late days)');
    // February: (18 present + 1 late) of 22 days.
    expect(text).toContain('86.4%');
    expect(decodeURIComponent(res.headers.get('content-disposition')!.split("filename*=UTF-8''")[1]!)).toMatch(/^progress-report-Amina-Rahimi-\d{4}-\d{2}-\d{2}\.pdf$/);
  });

  it('draws page 1 (poppler renders it, not blank) and the stored photo, resized, as the one image', async () => {
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries(DARI_CHILD)) form.append(k, v);
    form.append('profile_photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const created = await call(server(), 'POST', '/api/orphans', { token: admin, body: form });
    expect(created.status).toBe(201);
    const res = await report(server(), created.body.data.id, admin, 'fa-AF');
    expect(res.status).toBe(200);

    const file = saved(res.body);
    const images = (await run('pdfimages', ['-list', file])).stdout.trim().split('\n').slice(2);
    expect(images).toHaveLength(1);
    // The stored 1,200 px display photo, made at most 460 px for the page.
    const [, , , width, height] = images[0]!.trim().split(/\s+/);
    expect(Math.max(Number(width), Number(height))).toBeLessThanOrEqual(460);

    const prefix = path.join(work, `page-${++fileSeq}`);
    await run('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
    const stats = await sharp(`${prefix}.png`).stats();
    // White paper with dark text and the red photo: some pixels far from white in every channel.
    expect(stats.channels.every((c) => c.min < 100)).toBe(true);
    expect(stats.entropy).toBeGreaterThan(0.2);

    // Without a photo: the placeholder, no image.
    const none = saved((await report(server(), dari, admin, 'fa-AF')).body);
    expect((await run('pdfimages', ['-list', none])).stdout.trim().split('\n').slice(2)).toHaveLength(0);
  });

  it("writes every date, month and year in the reader's calendar: Solar Hijri with Afghan month names for one who chose it", async () => {
    const reader = await userWithRoles(server(), [ROLE.teacher]);
    const me = (await call(server(), 'GET', '/api/auth/user', { token: reader.token })).body.user;
    expect((await call(server(), 'PUT', '/api/profile', { token: reader.token, body: { name: me.name, email: me.email, calendar: 'persian' } })).status).toBe(200);
    // Compared without spaces: poppler drops some between Persian digits and words.
    const squeeze = (s: string) => s.replace(/\s+/g, '');
    const dariText = await pdfText((await report(server(), dari, reader.token, 'fa-AF')).body);
    const text = squeeze(dariText);
    // Admitted 1 March 2021: 11 Hut 1399 (1399 was a leap year).
    expect(text).toContain(squeeze('۱۱ حوت ۱۳۹۹'));
    // Attendance of February and March 2025: the Solar Hijri months they cover. Two numbers
    // joined by a dash come out of poppler in either order (it guesses the right-to-left runs).
    expect(text).toContain(squeeze('دلو–حوت ۱۴۰۳'));
    expect(text).toMatch(/حوت(۱۴۰۳–|–۱۴۰۳)حمل۱۴۰۴/);
    // The results' school year 2025.
    expect(text).toMatch(/سالتعلیمی(۱۴۰۳–۱۴۰۴|۱۴۰۴–۱۴۰۳)/);
    // Nothing Gregorian is left, and no Latin digit beside the Persian ones.
    expect(dariText).not.toMatch(/[0-9]|۲۰۲[0-9]/);

    const english = squeeze(await pdfText((await report(server(), dari, reader.token, 'en')).body));
    for (const written of ['Hut 11, 1399', 'Dalw–Hut 1403', 'Hut 1403 – Hamal 1404', 'School year 1403–1404']) expect(english).toContain(squeeze(written));
    // Not the Iranian names Intl gives English, nor the Gregorian months.
    expect(english).not.toMatch(/Esfand|Bahman|Farvardin|February|2025/);
  });

  it('shows results and attendance only to a reader who may view them, and says so otherwise', async () => {
    const role = await call(server(), 'POST', '/api/roles', { token: admin, body: { name: 'Sponsor liaison', permissions: ['view-orphans'] } });
    expect(role.status).toBe(201);
    const liaison = await userWithRoles(server(), ['Sponsor liaison']);
    const text = await pdfText((await report(server(), english, liaison.token, 'en')).body);
    expect(text).toContain('Results are not shown');
    expect(text).toContain('Attendance is not shown');
    expect(text).not.toContain('Mathematics');
    expect(text).not.toContain('February 2025');
    expect(text).toContain('Amina Rahimi');

    const teacher = await userWithRoles(server(), [ROLE.teacher]);
    const full = await pdfText((await report(server(), english, teacher.token, 'en')).body);
    expect(full).toContain('Mathematics');
    expect(full).toContain('February 2025');
  });

  it('logs who made which child\'s report, in which language', async () => {
    const teacher = await userWithRoles(server(), [ROLE.teacher]);
    expect((await report(server(), dari, teacher.token, 'fa-AF')).status).toBe(200);
    const entries = await server()
      .database.db.selectFrom('activities')
      .selectAll()
      .where('user_id', '=', teacher.id)
      .where('action', '=', 'progress_report')
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'document', subject_type: 'orphan', subject_id: dari, name: 'مریم احمدی' });
    expect(JSON.parse(entries[0]!.properties!)).toEqual({ language: 'fa-AF' });
  });

  it('answers 404 for an unknown or trashed child, 403 without view-orphans, 401 signed out — and logs none of them', async () => {
    const trashed = await newChild(server(), admin, { ...ENGLISH_CHILD, first_name: 'Gone' }, false);
    expect((await call(server(), 'DELETE', `/api/orphans/${trashed}`, { token: admin })).status).toBe(200);
    const before = await countReports(server());

    const gone = await report(server(), trashed, admin);
    expect(gone.status).toBe(404);
    expect(json(gone)).toMatchObject({ message: 'Orphan not found.' });
    expect((await report(server(), 999_999, admin)).status).toBe(404);
    expect((await report(server(), 'abc', admin)).status).toBe(422);

    const nobody = await userWithRoles(server(), []);
    const denied = await report(server(), english, nobody.token);
    expect(denied.status).toBe(403);
    expect(json(denied).message).toBeTruthy();
    expect((await report(server(), english, undefined)).status).toBe(401);
    expect(await countReports(server())).toBe(before);
  });
});

async function countReports(server: TestServer): Promise<number> {
  const r = await server.database.db.selectFrom('activities').select((eb) => eb.fn.countAll<number>().as('n')).where('action', '=', 'progress_report').executeTakeFirstOrThrow();
  return Number(r.n);
}
