import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SENSITIVE_FIELDS, SENSITIVITY_CLASSES, type SensitivityClass } from '@app/shared/sensitivity';
import { call, describeEachDatabase, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';

/**
 * Need to know: a field of a class the reader may not view is in none of the bytes of any answer
 * carrying the child — details, list, search, selector, results and attendance, the export, the
 * progress report, the activity log — for each seeded role and for a role of each class alone;
 * a write of a class the writer may not edit is refused and stores nothing.
 */
const run = promisify(execFile);
const work = mkdtempSync(path.join(os.tmpdir(), 'oc-ntk-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Letters only: a word with a digit is a search by identity number.
const tag = [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
const digits = () => String(10_000_000 + (randomBytes(4).readUInt32BE() % 89_999_999));
/** Every sensitive field of the child, each with a value found nowhere else (as answers write it). */
const VALUES: Record<string, string> = {
  identity_card_number: `1400-${digits()}`,
  school_id_number: `SCH-${digits()}`,
  medical_condition: 'Needs Attention',
  blood_group: `BG${tag}`,
  'profile.special_needs': `Needs${tag}C`,
  phone_number: `PH${tag}D`,
  family_contact_number: `FC${tag}E`,
  contact_info: `CI${tag}F`,
  address: `AD${tag}G`,
  guardian_contact: `GC${tag}H`,
  guardian_name: `GN${tag}I`,
  guardian_relationship: `GR${tag}J`,
  responsible_person: `RP${tag}K`,
  father_name: `FA${tag}L`,
  grandfather_name: `GF${tag}M`,
  donor_name: `DN${tag}N`,
  donor_last_name: `DL${tag}O`,
  donor_email: `dm${tag}@example.org`,
  donor_address: `DA${tag}P`,
  total_income: '98765.43',
  total_expenses: '87654.32',
  income_source: `IS${tag}Q`,
  notes: `NO${tag}R`,
};
const LAST_NAME = `Needtoknow${tag}`;
const HOBBY = `Hobby${tag}`;

function childBody(): Record<string, unknown> {
  const body: Record<string, unknown> = { first_name: 'Sahar', last_name: LAST_NAME, dob: '2013-04-05', gender: 'female', admission_date: '2020-02-02', class_grade: '5' };
  for (const [f, v] of Object.entries(VALUES)) if (!f.includes('.')) body[f] = v;
  body.profile = { hobbies: HOBBY, special_needs: VALUES['profile.special_needs'] };
  return body;
}

const classesOf = (view: readonly SensitivityClass[]) => new Set(view);
const fieldsIn = (shown: Set<SensitivityClass>, visible: boolean) =>
  (Object.entries(SENSITIVE_FIELDS) as Array<[string, SensitivityClass]>).filter(([, c]) => shown.has(c) === visible).map(([f]) => f);

/** No value of a hidden class in these bytes; `present`: every value of a shown class among `fields` is there. */
function expectOnly(text: string, shown: Set<SensitivityClass>, where: string, present: readonly string[] = []) {
  for (const f of fieldsIn(shown, false)) expect(text.includes(VALUES[f]!), `${where}: ${f} hidden`).toBe(false);
  for (const f of present) if (shown.has(SENSITIVE_FIELDS[f as keyof typeof SENSITIVE_FIELDS])) expect(text.includes(VALUES[f]!), `${where}: ${f} shown`).toBe(true);
}

async function raw(server: TestServer, token: string, url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}${url}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  return { status: res.status, text: Buffer.from(await res.arrayBuffer()).toString('utf8') };
}

async function exportText(server: TestServer, token: string): Promise<string> {
  const res = await fetch(`${server.url}/api/export/orphans`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    // A hidden column named in the body changes nothing.
    body: JSON.stringify({ columns: ['identity_card_number', 'donor_name'], fields: 'notes' }),
  });
  const buf = Buffer.from(await res.arrayBuffer());
  expect(res.status, buf.toString('utf8').slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.worksheets[0]!.eachRow((row) => row.eachCell((c) => cells.push(String(c.value))));
  return cells.join('\n');
}

async function pdfText(server: TestServer, token: string, id: number): Promise<string> {
  const res = await fetch(`${server.url}/api/orphans/${id}/progress-report`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const file = path.join(work, `${randomBytes(4).toString('hex')}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
}

describeEachDatabase('need to know', (server) => {
  let admin: string;
  let child: number;
  beforeAll(async () => {
    admin = await loginAdmin(server());
    const created = await call(server(), 'POST', '/api/orphans', { token: admin, body: childBody() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    child = created.body.data.id;
    const result = { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, average: 80, score: 85, grade: 'A', orphan_id: child };
    expect((await call(server(), 'POST', '/api/results', { token: admin, body: result })).status).toBe(201);
    expect((await call(server(), 'POST', '/api/attendances', { token: admin, body: { orphan_id: child, month: 3, year: 2025, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 } })).status).toBe(201);
  });

  /** A role of its own: the child's base record, results, attendance and reports, and these classes. */
  async function readerOf(view: readonly SensitivityClass[], extra: string[] = []): Promise<string> {
    const name = `Reader ${view.join(' ') || 'none'} ${randomBytes(3).toString('hex')}`;
    const permissions = ['view-orphans', 'view-results', 'view-attendance', 'view-reports', ...view.map((c) => `view-${c}`), ...extra];
    expect((await call(server(), 'POST', '/api/roles', { token: admin, body: { name, permissions } })).status).toBe(201);
    return (await userWithRoles(server(), [name])).token;
  }

  async function expectAnswers(token: string, shown: Set<SensitivityClass>, opts: { exports: boolean; report: boolean }) {
    const details = await raw(server(), token, `/api/orphans/${child}`);
    expect(details.status).toBe(200);
    expectOnly(details.text, shown, 'details', Object.keys(VALUES));
    expect(details.text).toContain(HOBBY);
    expect(JSON.parse(details.text).data.hidden_classes).toEqual(SENSITIVITY_CLASSES.filter((c) => !shown.has(c)));
    const list = await raw(server(), token, `/api/orphans?search=${LAST_NAME}`);
    expect(list.status).toBe(200);
    expect(JSON.parse(list.text).total).toBe(1);
    expectOnly(list.text, shown, 'list', ['father_name', 'grandfather_name']);
    for (const url of [`/api/orphans?no_pagination=true`, `/api/orphans?search=${child}&fields=identity_card_number&identity_card_number=${VALUES.identity_card_number}`, `/api/results?orphan_id=${child}`, `/api/orphans/${child}/results`, `/api/orphans/${child}/attendance-summary`, `/api/attendances?orphan_id=${child}`, `/api/results/class?class_grade=5&result_type=education&subject=Mathematics&term=First%20Term&exam_date=2025-05-10`]) {
      const answer = await raw(server(), token, url);
      expect(answer.status, `${url}: ${answer.text.slice(0, 200)}`).toBe(200);
      expectOnly(answer.text, shown, url, ['father_name']);
    }
    if (opts.exports) expectOnly(await exportText(server(), token), shown, 'export', ['father_name', 'school_id_number', 'guardian_name', 'phone_number', 'address']);
    if (opts.report) expectOnly(await pdfText(server(), token, child), shown, 'progress report', ['father_name']);
  }

  it('answers each seeded role only the classes it holds', async () => {
    const teacher = await userWithRoles(server(), ['Teacher']);
    await expectAnswers(teacher.token, classesOf([]), { exports: false, report: true });
    const caseworker = await userWithRoles(server(), ['Caseworker']);
    await expectAnswers(caseworker.token, classesOf(['identity', 'medical', 'contact', 'family', 'notes']), { exports: true, report: true });
    const manager = await userWithRoles(server(), ['Manager']);
    await expectAnswers(manager.token, classesOf(SENSITIVITY_CLASSES), { exports: true, report: true });
  });

  it('answers a role of one class that class alone', async () => {
    await expectAnswers(await readerOf([]), classesOf([]), { exports: true, report: false });
    for (const c of SENSITIVITY_CLASSES) await expectAnswers(await readerOf([c]), classesOf([c]), { exports: true, report: c === 'family' });
  });

  it('finds a child by identity number only for those who may view it', async () => {
    const teacher = await userWithRoles(server(), ['Teacher']);
    for (const search of [VALUES.identity_card_number!, VALUES.school_id_number!, `${LAST_NAME} 1400`]) {
      const refused = await raw(server(), teacher.token, `/api/orphans?search=${encodeURIComponent(search)}`);
      expect(refused.status).toBe(422);
      expect(JSON.parse(refused.text).errors.search).toEqual(['You do not have permission to search by identity numbers.']);
      expectOnly(refused.text, classesOf([]), 'refused search');
    }
    // Sorting by a hidden field is refused as any unknown sort is, saying nothing of any child.
    const sorted = await raw(server(), teacher.token, '/api/orphans?sort=identity_card_number');
    expect(sorted.status).toBe(422);
    expect(JSON.parse(sorted.text).errors.sort).toBeDefined();
    // One number is the record's id, and finds only that.
    expect(JSON.parse((await raw(server(), teacher.token, `/api/orphans?search=${child}`)).text).data.map((r: { id: number }) => r.id)).toEqual([child]);
    const caseworker = await userWithRoles(server(), ['Caseworker']);
    const found = JSON.parse((await raw(server(), caseworker.token, `/api/orphans?search=${VALUES.identity_card_number}`)).text);
    expect(found.data.map((r: { id: number }) => r.id)).toEqual([child]);
  });

  it('finds a child by father\'s or grandfather\'s name or a whole id number only for those who may view them', async () => {
    const search = async (token: string, words: string) => {
      const answer = await raw(server(), token, `/api/orphans?search=${encodeURIComponent(words)}`);
      expect(answer.status, answer.text.slice(0, 200)).toBe(200);
      return { total: JSON.parse(answer.text).total as number, ids: JSON.parse(answer.text).data.map((r: { id: number }) => r.id) as number[], text: answer.text };
    };
    // A family name's word and an id number are found whole, by their keyed tokens (decision 0060).
    const byFamily = [VALUES.father_name!, VALUES.grandfather_name!, `${VALUES.father_name} ${LAST_NAME.slice(0, 8)}`];
    const byIdentity = [VALUES.school_id_number!, VALUES.identity_card_number!.toLowerCase()];
    const teacher = (await userWithRoles(server(), ['Teacher'])).token;
    // An id number without view-identity is refused whole (the test above); a family name finds no one.
    for (const words of byFamily) {
      const found = await search(teacher, words);
      expect(found.total, words).toBe(0);
      expect(found.text.includes(LAST_NAME), words).toBe(false);
      expectOnly(found.text, classesOf([]), `teacher search ${words}`);
    }
    // The same child by the names everyone may search.
    expect((await search(teacher, LAST_NAME)).ids).toEqual([child]);
    const caseworker = (await userWithRoles(server(), ['Caseworker'])).token;
    for (const words of [...byFamily, ...byIdentity]) expect((await search(caseworker, words)).ids, words).toEqual([child]);
    // Each class is gated by its own permission: family does not open the id numbers, nor identity the names.
    const familyOnly = await readerOf(['family']);
    for (const words of byFamily) expect((await search(familyOnly, words)).ids, words).toEqual([child]);
    for (const words of byIdentity) expect((await raw(server(), familyOnly, `/api/orphans?search=${encodeURIComponent(words)}`)).status, words).toBe(422);
    const identityOnly = await readerOf(['identity']);
    for (const words of byIdentity) expect((await search(identityOnly, words)).ids, words).toEqual([child]);
    for (const words of byFamily) expect((await search(identityOnly, words)).total, words).toBe(0);
    // A part of either finds no one, whoever asks.
    for (const words of [VALUES.father_name!.slice(0, 5), VALUES.school_id_number!.slice(0, 4)]) expect((await search(caseworker, words)).total, words).toBe(0);
  });

  it('finds a child in the trash by father\'s name only for those who may view it', async () => {
    const created = await call(server(), 'POST', '/api/orphans', { token: admin, body: { ...childBody(), last_name: `Trashed${tag}`, father_name: `TF${tag}Q`, identity_card_number: null, school_id_number: null } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await call(server(), 'DELETE', `/api/orphans/${created.body.data.id}`, { token: admin })).status).toBe(200);
    const trash = (token: string) => call(server(), 'GET', `/api/orphans/trash?search=TF${tag}Q`, { token });
    const withFamily = await trash(await readerOf(['family'], ['delete-orphans']));
    expect(withFamily.status, JSON.stringify(withFamily.body)).toBe(200);
    expect(withFamily.body.data.map((r: { id: number }) => r.id)).toEqual([created.body.data.id]);
    const without = await trash(await readerOf([], ['delete-orphans']));
    expect(without.status, JSON.stringify(without.body)).toBe(200);
    expect(without.body.total).toBe(0);
  });

  it('answers a Teacher\'s stale edit of a month with the month as stored, without the father\'s name', async () => {
    const teacher = await userWithRoles(server(), ['Teacher']);
    const month = { orphan_id: child, month: 4, year: 2025, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 };
    const read = (await call(server(), 'POST', '/api/attendances', { token: admin, body: month })).body.data;
    expect((await call(server(), 'PUT', `/api/attendances/${read.id}`, { token: admin, body: { ...month, present_days: 19, absent_days: 1, absence_reasons: 'Sick', updated_at: read.updated_at } })).status).toBe(200);
    const res = await fetch(`${server().url}/api/attendances/${read.id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${teacher.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...month, present_days: 18, absent_days: 2, absence_reasons: 'Sick', updated_at: read.updated_at }),
    });
    const text = await res.text();
    expect(res.status, text).toBe(409);
    expect(text).toContain('Sahar');
    expectOnly(text, classesOf([]), 'stale edit');
    // The same answer to a reader of the family class names the father.
    const mine = await call(server(), 'PUT', `/api/attendances/${read.id}`, { token: admin, body: { ...month, present_days: 18, absent_days: 2, absence_reasons: 'Sick', updated_at: read.updated_at } });
    expect(mine.status).toBe(409);
    expect(JSON.stringify(mine.body)).toContain(VALUES.father_name);
  });

  it('shows no hidden value in the activity log after an edit of every class', async () => {
    const changed = { ...childBody(), notes: `NO${tag}S`, donor_name: `DN${tag}T`, identity_card_number: `IDC${tag}U` };
    expect((await call(server(), 'PUT', `/api/orphans/${child}`, { token: admin, body: changed })).status).toBe(200);
    expect((await call(server(), 'PUT', `/api/orphans/${child}`, { token: admin, body: childBody() })).status).toBe(200);
    const auditor = await readerOf([], ['administer', 'view-activities']);
    const log = await raw(server(), auditor, '/api/activities?per_page=100');
    expect(log.status).toBe(200);
    expect(log.text).toContain(LAST_NAME);
    for (const v of [...Object.values(VALUES), `NO${tag}S`, `DN${tag}T`, `IDC${tag}U`]) expect(log.text.includes(v), v).toBe(false);
  });

  it('refuses a write of a class the writer may not edit, naming the field, and stores nothing', async () => {
    const name = `Clerk ${randomBytes(3).toString('hex')}`;
    const permissions = ['view-orphans', 'create-orphans', 'edit-orphans', ...SENSITIVITY_CLASSES.map((c) => `view-${c}`), 'edit-contact'];
    expect((await call(server(), 'POST', '/api/roles', { token: admin, body: { name, permissions } })).status).toBe(201);
    const clerk = (await userWithRoles(server(), [name])).token;
    const before = (await call(server(), 'GET', `/api/orphans/${child}`, { token: admin })).body.data;

    const refused = await call(server(), 'PUT', `/api/orphans/${child}`, { token: clerk, body: { ...childBody(), donor_name: 'Someone New', notes: 'Changed', address: 'New address', profile: { hobbies: HOBBY, special_needs: 'Other' } } });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['donor_name', 'notes', 'profile.special_needs']);
    expect(refused.body.errors.donor_name).toEqual(['You do not have permission to change this field.']);
    expect((await call(server(), 'GET', `/api/orphans/${child}`, { token: admin })).body.data).toEqual(before);

    // What it read sent back, or a field it may not edit left out, changes nothing of it.
    const { donor_name: _d, notes: _n, ...withoutThem } = childBody();
    const saved = await call(server(), 'PUT', `/api/orphans/${child}`, { token: clerk, body: { ...withoutThem, phone_number: 'PH-new' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ donor_name: VALUES.donor_name, notes: VALUES.notes, phone_number: 'PH-new', profile: { special_needs: VALUES['profile.special_needs'] } });
    expect((await call(server(), 'PUT', `/api/orphans/${child}`, { token: admin, body: childBody() })).status).toBe(200);

    const created = await call(server(), 'POST', '/api/orphans', { token: clerk, body: { ...childBody(), last_name: 'Refused' } });
    expect(created.status).toBe(422);
    expect(created.body.errors.identity_card_number).toEqual(['You do not have permission to change this field.']);
    expect(JSON.parse((await raw(server(), admin, '/api/orphans?search=Refused')).text).total).toBe(0);
  });
});
