import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { call, describeEachDatabase, firstSiteId, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';
import { exportFile, openSheet, records } from '../../../test/export-sheets.ts';
import { TEST_DATA_KEY } from '../../../test/data-key.ts';
import { dataKey } from '../../lib/data-key.ts';
import { FieldCipher, fieldCipher, useFieldCipher } from '../../lib/field-cipher.ts';
import { FIELDS_KEY_ROW, sealChildFields, sealLeftoverFields } from './child-fields-seal.ts';
import { nameSearchText } from './orphan-search-text.ts';
import { conditionToken } from './orphan-sealing.ts';
import { IMPORT_ROWS_KEY_ROW, openStaged, sealImportRows, sealLeftoverImportRows } from '../imports/imports.service.ts';

/*
 * A child's sensitive values are sealed in the database (decision 0060): a byte search of the
 * SQLite file and its WAL, or of a PostgreSQL dump, finds none of them, while the product still
 * shows them to a permitted reader, hides them from one without the class, and exports them.
 */

const KNOWN = {
  identity_card_number: 'ID-7781-5522-93',
  school_id_number: 'SCH-4411-8207',
  father_name: 'Qudratullah Zarbaf',
  grandfather_name: 'Sherbaz Zarbaf',
  guardian_name: 'Gulbadan Mohsenzada',
  phone_number: '+93 799 418 262',
  notes: 'Sees the eye doctor on Thursdays xylophone',
  donor_email: 'rare.donor.q7@example.org',
  income_source: 'Carpet weaving workshop zq',
  total_income: '8123.45',
};
const CHILD = { first_name: 'Farishta', last_name: 'Karimi', dob: '2013-04-02', gender: 'female', admission_date: '2021-03-01', medical_condition: 'Needs Attention', ...KNOWN, profile: { special_needs: 'Hearing aid left ear qv', hobbies: 'Drawing' } };
const SECRETS = [...Object.entries(KNOWN).filter(([k]) => k !== 'total_income').map(([, v]) => v), '812345', 'Hearing aid left ear qv', 'Needs Attention', 'Qudratullah', 'zarbaf', '4411', '7781'];

function databaseBytes(server: TestServer): Buffer {
  if (server.config.dialect === 'postgres') return execFileSync('pg_dump', ['--data-only', server.config.databaseUrl], { maxBuffer: 256 * 1024 * 1024 });
  const file = server.config.sqlitePath;
  return Buffer.concat([readFileSync(file), ...(existsSync(`${file}-wal`) ? [readFileSync(`${file}-wal`)] : [])]);
}

describeEachDatabase('children\'s sensitive fields at rest', (server) => {
  it('stores none of the values readably, yet shows, redacts and exports them', async () => {
    const token = await loginAdmin(server());
    const created = await call(server(), 'POST', '/api/orphans', { token, body: CHILD });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const edited = await call(server(), 'PUT', `/api/orphans/${id}`, { token, body: { ...CHILD, notes: `${KNOWN.notes} again` } });
    expect(edited.status).toBe(200);

    const bytes = databaseBytes(server()).toString('latin1').toLowerCase();
    for (const secret of SECRETS) {
      expect(bytes.includes(secret.toLowerCase()), secret).toBe(false);
      expect(bytes.includes(Buffer.from(secret, 'utf8').toString('latin1').toLowerCase()), secret).toBe(false);
    }
    expect(bytes.includes('farishta')).toBe(true);

    const details = await call(server(), 'GET', `/api/orphans/${id}`, { token });
    expect(details.body.data).toMatchObject({ ...KNOWN, notes: `${KNOWN.notes} again`, medical_condition: 'Needs Attention' });
    expect(details.body.data.profile.special_needs).toBe('Hearing aid left ear qv');

    const list = await call(server(), 'GET', '/api/orphans?search=Farishta', { token });
    expect(list.body.data.map((c: { father_name: string }) => c.father_name)).toEqual([KNOWN.father_name]);

    // The blind index: a whole id number (typed any way) or a family name's word finds the child; a part of one does not.
    const found = async (search: string, who = token) => {
      const res = await call(server(), 'GET', `/api/orphans?search=${encodeURIComponent(search)}`, { token: who });
      return res.status === 200 ? res.body.data.map((c: { id: number }) => c.id) : res.status;
    };
    for (const search of ['ID-7781-5522-93', 'id 7781 5522 93', 'SCH-4411-8207', 'sch44118207', 'SCH-۴۴۱۱-۸۲۰۷', 'qudratullah', 'Zarbaf farishta']) expect(await found(search), search).toEqual([id]);
    for (const search of ['SCH-4411', '7781', 'qudrat', 'ID-7781-5522-9']) expect(await found(search), search).toEqual([]);

    const teacher = await userWithRoles(server(), ['Teacher']);
    expect(await found('qudratullah', teacher.token)).toEqual([]);
    expect(await found('SCH-4411-8207', teacher.token)).toBe(422);
    const hidden = await call(server(), 'GET', `/api/orphans/${id}`, { token: teacher.token });
    expect(hidden.status).toBe(200);
    for (const secret of SECRETS) expect(JSON.stringify(hidden.body).toLowerCase().includes(secret.toLowerCase()), secret).toBe(false);

    const sheet = records(await openSheet(await exportFile(server(), token, 'orphans', {})));
    const row = sheet.find((r) => r['First Name'] === 'Farishta')!;
    expect(Object.values(row)).toEqual(expect.arrayContaining([KNOWN.father_name, KNOWN.school_id_number]));
  });

  it('refuses, without the value, a sealed value changed in the database', async () => {
    const token = await loginAdmin(server());
    const created = await call(server(), 'POST', '/api/orphans', { token, body: { ...CHILD, first_name: 'Tampered' } });
    const id = created.body.data.id as number;
    const db = server().database.db;
    const { notes } = await db.selectFrom('orphans').select('notes').where('id', '=', id).executeTakeFirstOrThrow();
    const flipped = notes!.slice(0, 20) + (notes![20] === 'A' ? 'B' : 'A') + notes!.slice(21);
    await sql`update orphans set notes = ${flipped} where id = ${id}`.execute(db);
    const res = await call(server(), 'GET', `/api/orphans/${id}`, { token });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('Farishta');
    expect(JSON.stringify(res.body)).not.toContain(KNOWN.identity_card_number);
  });

  it('seals at a start the values stored before, resumably, and a rotation moves them to the new key', async () => {
    const token = await loginAdmin(server());
    const db = server().database.db;
    const site_id = (await db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const at = new Date().toISOString();
    const old = (first: string, number: string) => ({
      first_name: first, last_name: 'Upgraded', father_name: 'Nasrullah Oldstore', identity_card_number: number, notes: `Old plain note ${first}`,
      dob: '2012-02-02', birthday: '02-02', gender: 'female', admission_date: '2020-01-01', status: 'active', medical_condition: 'Healthy',
      search_text: nameSearchText({ first_name: first, last_name: 'Upgraded' }), site_id, created_at: at, updated_at: at,
    });
    // Two children as an install from before stored them; the first already sealed, as a pass killed after it leaves it.
    const ids = (await db.insertInto('orphans').values([old('Before', 'OLD-5501-77'), old('Halfway', 'OLD-5502-88')]).returning('id').execute()).map((r) => r.id);
    const cipher = fieldCipher();
    const first = await db.selectFrom('orphans').select(['id', 'notes']).where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    await db.updateTable('orphans').set({ notes: cipher.seal('orphans', 'notes', first.id, first.notes!) }).where('id', '=', first.id).execute();
    await db.deleteFrom('app_keys').where('name', '=', FIELDS_KEY_ROW).execute();

    await sealLeftoverFields(db, server().config.dialect, cipher, dataKey(Buffer.from(TEST_DATA_KEY, 'hex')).id, () => {});
    const bytes = databaseBytes(server()).toString('latin1').toLowerCase();
    for (const secret of ['nasrullah', 'oldstore', 'old-5501', 'old plain note']) expect(bytes.includes(secret), secret).toBe(false);
    for (const [i, id] of ids.entries()) {
      const details = await call(server(), 'GET', `/api/orphans/${id}`, { token });
      expect(details.body.data).toMatchObject({ father_name: 'Nasrullah Oldstore', notes: `Old plain note ${i ? 'Halfway' : 'Before'}` });
    }
    const search = await call(server(), 'GET', `/api/orphans?search=OLD-5502-88`, { token });
    expect(search.body.data.map((c: { id: number }) => c.id)).toEqual([ids[1]]);
    // The condition's token written too (the overview picks children by it), and remade by a rotation.
    const tokens = async () => (await db.selectFrom('orphans').select('medical_token').where('id', 'in', ids).orderBy('id').execute()).map((r) => r.medical_token);
    const upgraded = await tokens();
    expect(upgraded).toEqual([conditionToken('Healthy'), conditionToken('Healthy')]);

    // A rotation: every value resealed under the new key (a rerun has nothing left to do), and the index's tokens with it.
    const next = Buffer.alloc(32, 7);
    const rotating = new FieldCipher(next, [Buffer.from(TEST_DATA_KEY, 'hex')]);
    try {
      useFieldCipher(rotating);
      expect((await sealChildFields(db, rotating)).sealed).toBeGreaterThanOrEqual(2);
      expect((await sealChildFields(db, rotating)).sealed).toBe(0);
      useFieldCipher(new FieldCipher(next));
      const rotated = await call(server(), 'GET', `/api/orphans/${ids[1]}`, { token });
      expect(rotated.body.data.identity_card_number).toBe('OLD-5502-88');
      const found = await call(server(), 'GET', `/api/orphans?search=old 5502 88`, { token });
      expect(found.body.data.map((c: { id: number }) => c.id)).toEqual([ids[1]]);
      expect(await tokens()).toEqual([conditionToken('Healthy'), conditionToken('Healthy')]);
      expect(await tokens()).not.toEqual(upgraded);
    } finally {
      // Back to the test key, for the other servers of this run's process.
      const back = new FieldCipher(Buffer.from(TEST_DATA_KEY, 'hex'), [next]);
      useFieldCipher(back);
      await sealChildFields(db, back);
      useFieldCipher(new FieldCipher(Buffer.from(TEST_DATA_KEY, 'hex')));
    }
  });

  it('seals an import\'s staged rows and undo copies, an older version\'s at a start, and an undo after a rotation restores', async () => {
    const token = await loginAdmin(server());
    const db = server().database.db;
    const site = await firstSiteId(server());
    const child = { first_name: 'Zarmina', last_name: 'Stagedrow', father_name: 'Wali', dob: '2012-05-05', gender: 'female', admission_date: '2019-01-01', site_id: site };
    const kept = (await call(server(), 'POST', '/api/orphans', { token, body: { ...child, identity_card_number: 'KEPT-3391-0457', notes: 'Kept note quokka' } })).body.data as { id: number };
    const form = new FormData();
    form.append('kind', 'orphans');
    form.append('site_id', String(site));
    const sheet = [
      'First name,Last name,Father name,DOB,Gender,Admission date,Identity card number,Notes',
      'Zarmina,Stagedrow,Wali,2012-05-05,F,2019-01-01,IMP-6620-1185,Imported note pangolin',
      'Palwasha,Stagedrow,Habibullah Tarkash,2011-06-06,F,2019-01-01,IMP-6620-2296,Imported note narwhal',
    ];
    form.append('file', new Blob([sheet.join('\r\n')]), 'sealed.csv');
    const preview = await call(server(), 'POST', '/api/imports', { token, body: form });
    expect(preview.body.data.rows.data.map((r: { cells: string[] }) => r.cells[6])).toEqual(['IMP-6620-1185', 'IMP-6620-2296']);
    const importId = preview.body.data.import.id as number;
    const secrets = ['imp-6620', 'pangolin', 'narwhal', 'tarkash', 'kept-3391', 'quokka'];
    const noneStored = () => {
      const bytes = databaseBytes(server()).toString('latin1').toLowerCase();
      for (const secret of secrets) expect(bytes.includes(secret), secret).toBe(false);
    };
    noneStored();
    // The child's row as an older version copied it for the undo: its values sealed for the child.
    const { id: _i, created_at: _c, created_by: _cb, deleted_at: _d, site_id: _s, photo_path: _p, photo_thumb_path: _t, ...olderCopy } = await db.selectFrom('orphans').selectAll().where('id', '=', kept.id).executeTakeFirstOrThrow();
    const commit = await call(server(), 'POST', `/api/imports/${importId}/commit`, { token, body: { duplicates: 'update' } });
    expect(commit.body.data).toEqual({ created: 1, updated: 1, skipped: 0 });
    noneStored();

    // Rows as an older version left them (cells and undo copy plain JSON), sealed by the start-up pass.
    const rows = await db.selectFrom('import_rows').selectAll().where('import_id', '=', importId).orderBy('row_number').execute();
    await db.updateTable('import_rows').set({ cells: openStaged(rows[1]!, 'cells', rows[1]!.cells) }).where('id', '=', rows[1]!.id).execute();
    await db.updateTable('import_rows').set({ before: JSON.stringify(olderCopy) }).where('id', '=', rows[0]!.id).execute();
    await db.deleteFrom('app_keys').where('name', '=', IMPORT_ROWS_KEY_ROW).execute();
    await sealLeftoverImportRows(db, server().config.dialect, fieldCipher(), dataKey(Buffer.from(TEST_DATA_KEY, 'hex')).id, () => {});
    noneStored();

    // A rotation reseals them (a rerun has nothing left), and the undo under the new key puts the kept child back.
    const next = Buffer.alloc(32, 9);
    const rotating = new FieldCipher(next, [Buffer.from(TEST_DATA_KEY, 'hex')]);
    try {
      useFieldCipher(rotating);
      await sealChildFields(db, rotating);
      expect((await sealImportRows(db, rotating)).sealed).toBe(2);
      expect((await sealImportRows(db, rotating)).sealed).toBe(0);
      useFieldCipher(new FieldCipher(next));
      const undo = await call(server(), 'POST', `/api/imports/${importId}/undo`, { token });
      expect(undo.body.data).toEqual({ removed: 1, restored: 1 });
      const details = await call(server(), 'GET', `/api/orphans/${kept.id}`, { token });
      expect(details.body.data).toMatchObject({ identity_card_number: 'KEPT-3391-0457', notes: 'Kept note quokka' });
      const found = await call(server(), 'GET', `/api/orphans?search=KEPT-3391-0457`, { token });
      expect(found.body.data.map((c: { id: number }) => c.id)).toEqual([kept.id]);
    } finally {
      const back = new FieldCipher(Buffer.from(TEST_DATA_KEY, 'hex'), [next]);
      useFieldCipher(back);
      await sealChildFields(db, back);
      await sealImportRows(db, back);
      useFieldCipher(new FieldCipher(Buffer.from(TEST_DATA_KEY, 'hex')));
    }
  });
});
