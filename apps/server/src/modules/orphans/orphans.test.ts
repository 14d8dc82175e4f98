import sharp from 'sharp';
import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '@app/shared/constants';
import { call, describeEachDatabase, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';
import { storedFiles } from '../../../test/stored-files.ts';
import { withTamperedSignature } from '../../../test/tampered-signature.ts';

let seq = 0;
/** A unique Latin word per test, so tests sharing one database can search for their own children. */
function uniqueWord(): string {
  seq += 1;
  return `zq${Date.now().toString(36)}${seq.toString(36)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
}

const VALID = {
  first_name: 'Maryam',
  last_name: 'Ahmadi',
  dob: '2014-03-21',
  gender: 'female',
  admission_date: '2022-09-01',
  status: 'active',
};

async function createOrphan(server: TestServer, token: string, fields: Record<string, unknown> = {}) {
  const res = await call(server, 'POST', '/api/orphans', { token, body: { ...VALID, ...fields } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}


async function countRows(server: TestServer): Promise<number> {
  const r = await server.database.db.selectFrom('orphans').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A JPEG with camera EXIF and a GPS position, stored sideways (orientation 6). */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '69/1 10/1 0/1' } })
    .toBuffer();
}

function form(fields: Record<string, string>, file?: { data: Buffer | Blob; name: string; type: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append('profile_photo', file.data instanceof Blob ? file.data : new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return f;
}

async function fetchUrl(server: TestServer, url: string) {
  const res = await fetch(`${server.url}${url}`);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describeEachDatabase('orphans', (server, dialect) => {
  it('creates a child from JSON with every field and answers it in the spec shape', async () => {
    const token = await loginAdmin(server());
    const body = {
      ...VALID,
      father_name: 'Karim',
      grandfather_name: 'Rahim',
      school_id_number: 'SCH-2024-001',
      identity_card_number: '1402-0101-12345',
      blood_group: 'O+',
      class_grade: '0',
      phone_number: '+93 700 000 000',
      family_contact_number: '0700111222',
      contact_info: 'Via the school office',
      address: 'Karte Se, Kabul',
      guardian_name: 'Zahra Ahmadi',
      guardian_contact: '0700333444',
      guardian_relationship: 'Aunt',
      responsible_person: 'Caseworker Nadia',
      medical_condition: 'Minor Issues',
      total_income: '1250',
      total_expenses: 99.5,
      income_source: 'Sponsorship',
      donor_name: 'Jane',
      donor_last_name: 'Doe',
      donor_email: 'jane@example.org',
      donor_address: 'London',
      notes: 'Loves drawing.\nShy at first.',
      profile: { hobbies: 'Drawing', talents: 'Singing', special_needs: '' },
    };
    const res = await call(server(), 'POST', '/api/orphans', { token, body });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Orphan created successfully');
    const o = res.body.data;
    expect(o).toMatchObject({
      first_name: 'Maryam', class_grade: '0', status: 'active', total_income: '1250.00', total_expenses: '99.50',
      profile: { hobbies: 'Drawing', talents: 'Singing', special_needs: null },
      profile_photo_url: null, profile_photo_thumb_url: null, deleted_at: null, notes: 'Loves drawing.\nShy at first.',
    });
    const got = await call(server(), 'GET', `/api/orphans/${o.id}`, { token });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(o);
    const log = await server().database.db.selectFrom('activities').selectAll().where('subject_type', '=', 'orphan').where('subject_id', '=', o.id).execute();
    expect(log.map((l) => [l.type, l.action, l.name])).toEqual([['orphan', 'created', 'Maryam Ahmadi']]);
  });

  it('validates with the spec messages in the 422 shape and stores nothing', async () => {
    const token = await loginAdmin(server());
    const before = await countRows(server());
    const res = await call(server(), 'POST', '/api/orphans', { token, body: { first_name: '  ', status: '' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      dob: ['Date of birth is required'],
      gender: ['Gender is required'],
      admission_date: ['Admission date is required'],
    });
    expect(res.body.message).toBe('First name is required');
    const weird = await call(server(), 'POST', '/api/orphans', { token, body: { ...VALID, status: [] } });
    expect(weird.body.errors.status).toEqual(['Status is required']);

    const bad = await call(server(), 'POST', '/api/orphans', {
      token,
      body: {
        ...VALID, dob: '2014-02-30', admission_date: 'yesterday', gender: 'unknown', class_grade: '13', status: 'asleep',
        medical_condition: 'Fine', total_income: '12.345', total_expenses: '-5', donor_email: 'not-an-email', first_name: 'x'.repeat(101),
        notes: 'n'.repeat(5001), profile: '{not json',
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      first_name: ['The first name may not be greater than 100 characters.'],
      dob: ['The date of birth must be a valid date (YYYY-MM-DD).'],
      gender: ['The selected gender is invalid.'],
      class_grade: ['The selected grade is invalid.'],
      admission_date: ['The admission date must be a valid date (YYYY-MM-DD).'],
      status: ['The selected status is invalid.'],
      medical_condition: ['The selected medical condition is invalid.'],
      total_income: ['The total income must be a number with at most 2 decimal places.'],
      total_expenses: ['The total expenses must be at least 0.'],
      donor_email: ['The donor email must be a valid email address.'],
      notes: ['The notes may not be greater than 5000 characters.'],
      profile: ['The profile must be an object with hobbies, talents and special needs.'],
    });
    const future = await call(server(), 'POST', '/api/orphans', { token, body: { ...VALID, dob: '2999-01-01' } });
    expect(future.body.errors.dob).toEqual(['The date of birth must be between 1900-01-01 and 2100-12-31.']);
    const unborn = await call(server(), 'POST', '/api/orphans', { token, body: { ...VALID, dob: '2090-01-01' } });
    expect(unborn.body.errors.dob).toEqual(['The date of birth cannot be in the future.']);
    expect(await countRows(server())).toBe(before);
    expect((await call(server(), 'GET', '/api/orphans', { token })).status).toBe(200);
  });

  it('makes an empty status active and skips empty values', async () => {
    const token = await loginAdmin(server());
    const o = await createOrphan(server(), token, { status: '', father_name: '', class_grade: null, total_income: '', profile: { hobbies: '' } });
    expect(o.status).toBe('active');
    expect(o.father_name).toBeNull();
    expect(o.class_grade).toBeNull();
    expect(o.total_income).toBeNull();
    expect(o.profile).toBeNull();
  });

  it('stores SQL as plain text and answers it as text (an apostrophe belongs in names)', async () => {
    const token = await loginAdmin(server());
    const sqlish = {
      first_name: "Robert'); DROP TABLE orphans;--",
      last_name: "O'Brien",
      notes: '" OR 1=1 -- moved to Herat; update the address; income < 5000',
    };
    const o = await createOrphan(server(), token, sqlish);
    const got = await call(server(), 'GET', `/api/orphans/${o.id}`, { token });
    expect(got.body.data).toMatchObject(sqlish);
    expect(got.headers.get('content-type')).toMatch(/application\/json/);
    const search = await call(server(), 'GET', `/api/orphans?search=${encodeURIComponent("'); DROP TABLE orphans;--")}`, { token });
    expect(search.status).toBe(200);
    expect(search.body.data.map((r: any) => r.id)).toContain(o.id);
    expect(await countRows(server())).toBeGreaterThan(0);
  });

  it('refuses HTML and control characters in text fields with 422, stores nothing, and the list still works', async () => {
    const token = await loginAdmin(server());
    const before = await countRows(server());
    const listed = async () => (await call(server(), 'GET', '/api/orphans?per_page=5', { token })).body.total as number;
    const listedBefore = await listed();
    const html = await call(server(), 'POST', '/api/orphans', {
      token,
      body: { ...VALID, last_name: '<script>alert(1)</script>', notes: 'see <img src=x onerror=alert(1)>', profile: { hobbies: '<b>drawing</b>' } },
    });
    expect(html.status).toBe(422);
    expect(html.body.errors).toMatchObject({
      last_name: ['The last name may not contain HTML.'],
      notes: ['The notes may not contain HTML.'],
      'profile.hobbies': ['The hobbies may not contain HTML.'],
    });
    const control = await call(server(), 'POST', '/api/orphans', { token, body: { ...VALID, first_name: 'Mar\u0007yam', address: 'Street\u001b 5' } });
    expect(control.status).toBe(422);
    expect(control.body.errors).toMatchObject({
      first_name: ['The first name may not contain control characters.'],
      address: ['The address may not contain control characters.'],
    });
    // NUL, which PostgreSQL cannot store at all, is refused before any route runs (lib/nul-text.ts).
    const nul = await call(server(), 'POST', '/api/orphans', { token, body: { ...VALID, profile: { talents: 'Sing\u0000ing' } } });
    expect(nul.status).toBe(422);
    expect(nul.body).toEqual({ message: 'The talents may not contain control characters.', code: 'validation_failed', errors: { 'profile.talents': ['The talents may not contain control characters.'] } });
    // Multipart meets the same rules, and an edit too.
    const multipart = await call(server(), 'POST', '/api/orphans', { token, body: form({ ...VALID, father_name: '<!-- x' }) });
    expect(multipart.status).toBe(422);
    expect(multipart.body.errors.father_name).toEqual(['The father name may not contain HTML.']);
    expect(await countRows(server())).toBe(before);

    const o = await createOrphan(server(), token, { notes: 'Line one\n\tLine two' });
    expect(o.notes).toBe('Line one\n\tLine two');
    const edit = await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: { ...VALID, first_name: '<i>Maryam</i>' } });
    expect(edit.status).toBe(422);
    expect((await call(server(), 'GET', `/api/orphans/${o.id}`, { token })).body.data.first_name).toBe(VALID.first_name);
    expect(await listed()).toBe(listedBefore + 1);
  });

  it('refuses bad list queries with 422 and keeps the list working', async () => {
    const token = await loginAdmin(server());
    const cases: Array<[string, string, string]> = [
      ['per_page=10000', 'per_page', 'The per page may not be greater than 100.'],
      ['per_page=0', 'per_page', 'The per page must be at least 1.'],
      [`search=${'a'.repeat(5000)}`, 'search', 'The search may not be greater than 100 characters.'],
      ['gender=robot', 'gender', 'The selected gender is invalid.'],
      ['class_grade=13', 'class_grade', 'The selected grade is invalid.'],
      ['admission_from=2020-13-01', 'admission_from', 'The admission from date must be a valid date (YYYY-MM-DD).'],
      ['admission_from=2021-01-01&admission_to=2020-01-01', 'admission_to', 'The admission to date must be on or after the admission from date.'],
      ['sort=password', 'sort', 'The selected sort is invalid.'],
    ];
    for (const [query, field, message] of cases) {
      const res = await call(server(), 'GET', `/api/orphans?${query}`, { token });
      expect(res.status, query).toBe(422);
      expect(res.body.errors[field], query).toEqual([message]);
    }
    const ok = await call(server(), 'GET', '/api/orphans?per_page=100', { token });
    expect(ok.status).toBe(200);
  });

  it('guards every route by permission: guest 401, no role 403, Teacher views only', async () => {
    const admin = await loginAdmin(server());
    const o = await createOrphan(server(), admin);
    const teacher = await userWithRoles(server(), ['Teacher']);
    const nobody = await userWithRoles(server(), []);
    const caseworker = await userWithRoles(server(), ['Caseworker']);

    expect((await call(server(), 'GET', '/api/orphans')).status).toBe(401);
    expect((await call(server(), 'GET', `/api/orphans/${o.id}`)).status).toBe(401);
    expect((await call(server(), 'POST', '/api/orphans', { body: VALID })).status).toBe(401);
    expect((await call(server(), 'GET', '/api/orphans', { token: nobody.token })).status).toBe(403);
    expect((await call(server(), 'GET', `/api/orphans/${o.id}`, { token: nobody.token })).status).toBe(403);

    expect((await call(server(), 'GET', '/api/orphans', { token: teacher.token })).status).toBe(200);
    expect((await call(server(), 'GET', `/api/orphans/${o.id}`, { token: teacher.token })).status).toBe(200);
    const denied = [
      await call(server(), 'POST', '/api/orphans', { token: teacher.token, body: VALID }),
      await call(server(), 'PUT', `/api/orphans/${o.id}`, { token: teacher.token, body: VALID }),
      await call(server(), 'POST', `/api/orphans/${o.id}`, { token: teacher.token, body: { ...VALID, _method: 'PUT' } }),
      await call(server(), 'DELETE', `/api/orphans/${o.id}`, { token: teacher.token }),
      await call(server(), 'GET', '/api/orphans/trash', { token: teacher.token }),
      await call(server(), 'POST', `/api/orphans/${o.id}/restore`, { token: teacher.token }),
      await call(server(), 'DELETE', `/api/orphans/${o.id}/purge`, { token: teacher.token }),
    ];
    for (const d of denied) {
      expect(d.status).toBe(403);
      expect(d.body.message).toBe('This action is unauthorized.');
    }
    // A caseworker may trash and restore, but only an administrator purges.
    expect((await call(server(), 'DELETE', `/api/orphans/${o.id}`, { token: caseworker.token })).status).toBe(200);
    expect((await call(server(), 'DELETE', `/api/orphans/${o.id}/purge`, { token: caseworker.token })).status).toBe(403);
    expect((await call(server(), 'POST', `/api/orphans/${o.id}/restore`, { token: caseworker.token })).status).toBe(200);
    expect((await call(server(), 'GET', `/api/orphans/${o.id}`, { token: teacher.token })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const token = await loginAdmin(server());
    for (const id of ['999999', 'abc', '0', '-1']) {
      const res = await call(server(), 'GET', `/api/orphans/${id}`, { token });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('Orphan not found.');
    }
    expect((await call(server(), 'PUT', '/api/orphans/999999', { token, body: VALID })).status).toBe(404);
    expect((await call(server(), 'DELETE', '/api/orphans/999999', { token })).status).toBe(404);
  });

  it('creates from multipart with a photo: by content, rotated upright, EXIF and GPS stripped, signed URLs', async () => {
    const token = await loginAdmin(server());
    const jpeg = await jpegWithGps();
    const meta = await sharp(jpeg).metadata();
    expect(meta.exif).toBeDefined();
    const res = await call(server(), 'POST', '/api/orphans', {
      token,
      body: form({ ...VALID, father_name: '', profile: JSON.stringify({ hobbies: 'Football', talents: '' }), total_income: '10.5' }, { data: jpeg, name: 'photo.txt', type: 'text/plain' }),
    });
    expect(res.status).toBe(201);
    const o = res.body.data;
    expect(o.father_name).toBeNull();
    expect(o.profile).toEqual({ hobbies: 'Football', talents: null, special_needs: null });
    expect(o.total_income).toBe('10.50');
    expect(o.profile_photo_url).toMatch(/^\/storage\/orphans\/\d{4}\/\d{2}\/[0-9a-f]{32}\.webp\?record=\d+&expires=\d+&signature=[\w-]+$/);
    expect(o.profile_photo_thumb_url).toMatch(/-thumb\.webp\?record=/);

    const display = await fetchUrl(server(), o.profile_photo_url);
    expect(display.status).toBe(200);
    expect(display.headers.get('content-type')).toBe('image/webp');
    expect(display.headers.get('cache-control')).toMatch(/^private/);
    const out = await sharp(display.body).metadata();
    expect(out.exif).toBeUndefined();
    expect(out.icc).toBeUndefined();
    expect(out.orientation).toBeUndefined();
    expect([out.width, out.height]).toEqual([48, 64]);
    const thumb = await fetchUrl(server(), o.profile_photo_thumb_url);
    expect(thumb.status).toBe(200);

    const list = await call(server(), 'GET', `/api/orphans?search=${encodeURIComponent(o.first_name)}&per_page=100`, { token });
    expect(list.body.data.find((r: any) => r.id === o.id).photo_thumb_url).toMatch(/-thumb\.webp\?record=/);
  });

  it('refuses a missing, tampered or expired signature with 403 and never leaves the storage root', async () => {
    const token = await loginAdmin(server());
    const res = await call(server(), 'POST', '/api/orphans', { token, body: form(VALID, { data: await jpegWithGps(), name: 'a.jpg', type: 'image/jpeg' }) });
    const url: string = res.body.data.profile_photo_url;
    const key = url.slice('/storage/'.length, url.indexOf('?'));
    const bare = url.slice(0, url.indexOf('?'));
    const tampered = withTamperedSignature(url);
    const child = res.body.data.id as number;
    const expired = server().app.fileStore.signer.sign(key, child, Date.now() - 2 * 60 * 60 * 1000);
    // Signed for another child: the record is part of what is signed.
    const otherRecord = url.replace(/record=\d+/, `record=${child + 1}`);
    const otherFile = url.replace(/\.webp\?/, '-thumb.webp?');
    for (const u of [bare, tampered, expired, otherFile, otherRecord, `${bare}?expires=99999999999&signature=x`]) {
      const r = await fetchUrl(server(), u);
      expect(r.status, u).toBe(403);
      expect(JSON.parse(r.body.toString()).message).toBe('This link is invalid or has expired.');
    }
    // Even a correctly signed path cannot climb out of the storage directory.
    for (const k of ['../app.db', 'orphans/../../app.db', '%2e%2e/app.db']) {
      const signed = server().app.fileStore.signer.sign(k, child);
      const r = await fetchUrl(server(), signed);
      expect([403, 404], k).toContain(r.status);
    }
  });

  it('refuses a non-image photo with 422 on the field and stores nothing', async () => {
    const token = await loginAdmin(server());
    const before = { rows: await countRows(server()), files: storedFiles(server().config.storageDir) };
    const res = await call(server(), 'POST', '/api/orphans', {
      token,
      body: form(VALID, { data: Buffer.from('%PDF-1.4 not an image at all'), name: 'photo.jpg', type: 'image/jpeg' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ profile_photo: ['The profile photo must be an image.'] });
    // Invalid fields and a bad photo are reported together.
    const both = await call(server(), 'POST', '/api/orphans', {
      token,
      body: form({ ...VALID, gender: '' }, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'x.svg', type: 'image/svg+xml' }),
    });
    expect(both.body.errors).toEqual({ gender: ['Gender is required'], profile_photo: ['The profile photo must be an image.'] });
    // A valid photo with invalid fields is not stored either.
    const invalidFields = await call(server(), 'POST', '/api/orphans', { token, body: form({ ...VALID, dob: 'x' }, { data: await jpegWithGps(), name: 'a.jpg', type: 'image/jpeg' }) });
    expect(invalidFields.status).toBe(422);
    expect(await countRows(server())).toBe(before.rows);
    expect(storedFiles(server().config.storageDir)).toEqual(before.files);
  });

  it('refuses a 50 MB photo, and one just over the limit, with 413 and stores nothing', async () => {
    const token = await loginAdmin(server());
    const before = { rows: await countRows(server()), files: storedFiles(server().config.storageDir) };
    const huge = new Blob([new Uint8Array(50 * 1024 * 1024)], { type: 'image/jpeg' });
    const res = await call(server(), 'POST', '/api/orphans', { token, body: form(VALID, { data: huge, name: 'big.jpg', type: 'image/jpeg' }) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The file is too large.');
    const jpeg = await jpegWithGps();
    const justOver = new Blob([new Uint8Array(jpeg), new Uint8Array(MAX_PHOTO_BYTES + 1 - jpeg.length)], { type: 'image/jpeg' });
    const res2 = await call(server(), 'POST', '/api/orphans', { token, body: form(VALID, { data: justOver, name: 'big.jpg', type: 'image/jpeg' }) });
    expect(res2.status).toBe(413);
    expect(await countRows(server())).toBe(before.rows);
    expect(storedFiles(server().config.storageDir)).toEqual(before.files);
    expect((await call(server(), 'GET', '/api/orphans', { token })).status).toBe(200);
  });

  it('updates by PUT and by POST with _method=PUT; replaces and removes the photo with its files', async () => {
    const token = await loginAdmin(server());
    const created = await call(server(), 'POST', '/api/orphans', {
      token,
      body: form({ ...VALID, notes: 'first', father_name: 'Karim' }, { data: await jpegWithGps(), name: 'a.jpg', type: 'image/jpeg' }),
    });
    const o = created.body.data;
    const firstFiles = storedFiles(server().config.storageDir).filter((f) => o.profile_photo_url.includes(f.split('/').pop()!.replace('-thumb', '')));
    expect(firstFiles).toHaveLength(2);

    // PUT JSON: the record is replaced; the photo is kept when none is sent.
    const put = await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: { ...VALID, first_name: 'Mariam', class_grade: '5' } });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Orphan updated successfully');
    expect(put.body.data).toMatchObject({ first_name: 'Mariam', class_grade: '5', notes: null, father_name: null });
    expect(put.body.data.profile_photo_url).not.toBeNull();

    // POST without the override is not an update.
    const noOverride = await call(server(), 'POST', `/api/orphans/${o.id}`, { token, body: form(VALID) });
    expect(noOverride.status).toBe(405);
    const wrongOverride = await call(server(), 'POST', `/api/orphans/${o.id}`, { token, body: { ...VALID, _method: 'DELETE' } });
    expect(wrongOverride.status).toBe(405);

    // Multipart override with a new photo: the old files are gone.
    const png = await sharp({ create: { width: 20, height: 10, channels: 4, background: '#00ff00' } }).png().toBuffer();
    const replaced = await call(server(), 'POST', `/api/orphans/${o.id}`, {
      token,
      body: form({ ...VALID, _method: 'PUT', 'profile[hobbies]': 'Chess' }, { data: png, name: 'b.png', type: 'image/png' }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.profile).toEqual({ hobbies: 'Chess', talents: null, special_needs: null });
    expect(replaced.body.data.profile_photo_url).not.toBe(o.profile_photo_url);
    const files = storedFiles(server().config.storageDir);
    for (const f of firstFiles) expect(files).not.toContain(f);

    // remove_photo=1 clears it and deletes the files.
    const newFiles = files.filter((f) => replaced.body.data.profile_photo_url.includes(f.split('/').pop()!.replace('-thumb', '')));
    const removed = await call(server(), 'POST', `/api/orphans/${o.id}`, { token, body: form({ ...VALID, _method: 'PUT', remove_photo: '1' }) });
    expect(removed.status).toBe(200);
    expect(removed.body.data.profile_photo_url).toBeNull();
    expect(removed.body.data.profile_photo_thumb_url).toBeNull();
    for (const f of newFiles) expect(storedFiles(server().config.storageDir)).not.toContain(f);

    // Invalid update: 422, record unchanged.
    const bad = await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: { ...VALID, gender: 'x' } });
    expect(bad.status).toBe(422);
    expect((await call(server(), 'GET', `/api/orphans/${o.id}`, { token })).body.data.first_name).toBe('Maryam');

    const log = await server().database.db.selectFrom('activities').select(['action', 'properties']).where('subject_type', '=', 'orphan').where('subject_id', '=', o.id).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['created', 'updated', 'updated', 'updated']);
    expect(JSON.parse(log[1]!.properties!).changed).toEqual(expect.arrayContaining(['first_name', 'notes', 'class_grade', 'father_name']));
  });

  it("refuses an edit made on a stale copy (409) instead of undoing someone else's save", async () => {
    const token = await loginAdmin(server());
    const o = await createOrphan(server(), token, { father_name: 'Karim' });
    // Two staff members open the same child.
    const readByA = o.updated_at as string;
    const readByB = (await call(server(), 'GET', `/api/orphans/${o.id}`, { token })).body.data.updated_at as string;
    expect(readByB).toBe(readByA);

    // B saves first: accepted, and the child's updated_at moves on.
    const b = await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: { ...VALID, father_name: 'Karim', class_grade: '5', updated_at: readByB } });
    expect(b.status).toBe(200);
    expect(b.body.data.updated_at).not.toBe(readByB);

    // A saves from the copy read before B's save, as JSON and as multipart with a photo:
    // refused, B's change stays, and A's uploaded photo is not left behind.
    const filesBefore = storedFiles(server().config.storageDir);
    const stale = await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: { ...VALID, father_name: 'Rahim', updated_at: readByA } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: 'Someone else saved this orphan after you opened it. Reload the page to see their changes, then make yours again.', code: 'changed_meanwhile' });
    const staleForm = await call(server(), 'POST', `/api/orphans/${o.id}`, {
      token,
      body: form({ ...VALID, _method: 'PUT', father_name: 'Rahim', updated_at: readByA }, { data: await jpegWithGps(), name: 'a.jpg', type: 'image/jpeg' }),
    });
    expect(staleForm.status).toBe(409);
    expect(storedFiles(server().config.storageDir)).toEqual(filesBefore);
    const now = (await call(server(), 'GET', `/api/orphans/${o.id}`, { token })).body.data;
    expect(now).toMatchObject({ father_name: 'Karim', class_grade: '5', updated_at: b.body.data.updated_at });

    // Reloaded, A's save goes through; without updated_at the last save wins (the spec's API).
    const again = await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: { ...VALID, father_name: 'Rahim', class_grade: '5', updated_at: now.updated_at } });
    expect(again.status).toBe(200);
    expect((await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: { ...VALID, notes: 'script' } })).status).toBe(200);
    const bad = await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: { ...VALID, updated_at: 12345 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ updated_at: ["The updated at must be the record's updated_at as it was read."] });

    const log = await server().database.db.selectFrom('activities').select('action').where('subject_type', '=', 'orphan').where('subject_id', '=', o.id).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['created', 'updated', 'updated', 'updated']);
  });

  it('moves a child to the trash, out of list, search, selector and details; restores; purges with files', async () => {
    const token = await loginAdmin(server());
    const word = uniqueWord();
    const jpeg = await jpegWithGps();
    const created = await call(server(), 'POST', '/api/orphans', { token, body: form({ ...VALID, first_name: word }, { data: jpeg, name: 'a.jpg', type: 'image/jpeg' }) });
    const o = created.body.data;
    const totalBefore = (await call(server(), 'GET', '/api/orphans', { token })).body.total;

    const del = await call(server(), 'DELETE', `/api/orphans/${o.id}`, { token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Orphan moved to trash' });
    expect((await call(server(), 'DELETE', `/api/orphans/${o.id}`, { token })).status).toBe(404);
    expect((await call(server(), 'GET', `/api/orphans/${o.id}`, { token })).status).toBe(404);
    expect((await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: VALID })).status).toBe(404);
    expect((await call(server(), 'GET', `/api/orphans?search=${word}`, { token })).body.total).toBe(0);
    expect((await call(server(), 'GET', '/api/orphans', { token })).body.total).toBe(totalBefore - 1);
    const selector = await call(server(), 'GET', '/api/orphans?no_pagination=true', { token });
    expect(selector.body.data.data.some((r: any) => r.id === o.id)).toBe(false);
    const all = await call(server(), 'GET', '/api/orphans?per_page=100', { token });
    expect(all.body.data.some((r: any) => r.id === o.id)).toBe(false);

    const trash = await call(server(), 'GET', `/api/orphans/trash?search=${word.slice(0, 6)}`, { token });
    expect(trash.status).toBe(200);
    expect(trash.body.data.map((r: any) => r.id)).toEqual([o.id]);
    expect(trash.body.data[0].deleted_at).toMatch(/^\d{4}-/);

    const restored = await call(server(), 'POST', `/api/orphans/${o.id}/restore`, { token });
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('Orphan restored successfully');
    expect(restored.body.data.id).toBe(o.id);
    expect((await call(server(), 'GET', `/api/orphans?search=${word}`, { token })).body.total).toBe(1);
    expect((await call(server(), 'GET', '/api/orphans', { token })).body.total).toBe(totalBefore);
    expect((await call(server(), 'POST', `/api/orphans/${o.id}/restore`, { token })).status).toBe(404);

    // Purge only from the trash.
    const notTrashed = await call(server(), 'DELETE', `/api/orphans/${o.id}/purge`, { token });
    expect(notTrashed.status).toBe(409);
    const filesBefore = storedFiles(server().config.storageDir).length;
    await call(server(), 'DELETE', `/api/orphans/${o.id}`, { token });
    const purged = await call(server(), 'DELETE', `/api/orphans/${o.id}/purge`, { token });
    expect(purged.status).toBe(200);
    expect(purged.body.message).toBe('Orphan permanently deleted');
    expect(storedFiles(server().config.storageDir).length).toBe(filesBefore - 2);
    expect(await server().database.db.selectFrom('orphans').select('id').where('id', '=', o.id).executeTakeFirst()).toBeUndefined();
    expect((await call(server(), 'GET', `/api/orphans/trash?search=${word}`, { token })).body.total).toBe(0);
    expect((await call(server(), 'GET', '/api/orphans', { token })).body.total).toBe(totalBefore - 1);

    const log = await server().database.db.selectFrom('activities').select(['action', 'name', 'user_id']).where('subject_type', '=', 'orphan').where('subject_id', '=', o.id).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['created', 'deleted', 'restored', 'deleted', 'purged']);
    // The purged child's name is gone from the log: each entry reads "a removed child".
    expect(log.every((l) => l.name === 'a removed child' && l.user_id !== null)).toBe(true);
  });

  it('searches names by word prefix and family names and id numbers whole, case-insensitively, with Dari/Arabic script folded', async () => {
    const token = await loginAdmin(server());
    const w = uniqueWord();
    const a = await createOrphan(server(), token, { first_name: 'مریم', last_name: `کریمی${w}`, father_name: 'Abdul', grandfather_name: `Ghulam${w}`, school_id_number: `S-${w}-77`, identity_card_number: `ID${w}` });
    const b = await createOrphan(server(), token, { first_name: 'علي', last_name: `احمدي${w}`, father_name: 'محمد' });
    const c = await createOrphan(server(), token, { first_name: 'Ahmad', last_name: `Karimi${w}`, gender: 'male', class_grade: '4' });
    const find = async (q: string) => {
      const res = await call(server(), 'GET', `/api/orphans?per_page=100&search=${encodeURIComponent(q)}`, { token });
      expect(res.status, q).toBe(200);
      return (res.body.data as any[]).map((r) => r.id).sort((x, y) => x - y);
    };
    expect(await find(`مريم كريمي${w}`)).toEqual([a.id]); // Arabic yeh and kaf find the Persian spelling
    expect(await find(`علی احمدی${w}`)).toEqual([b.id]); // and Persian finds the Arabic spelling
    expect(await find(`مَرْيَم کریمی${w.slice(0, 4)}`)).toEqual([a.id]); // harakat ignored; prefix
    expect(await find(`KARIMI${w.toUpperCase()}`)).toEqual([c.id]);
    expect(await find(`ahm karimi${w.slice(0, 5)}`)).toEqual([c.id]); // every word a prefix
    expect(await find(`ghulam${w}`)).toEqual([a.id]); // grandfather
    expect(await find(`s-${w}`)).toEqual([]); // a part of a school id number: its blind index knows it whole only
    expect(await find(`id${w}`)).toEqual([a.id]); // identity card number
    expect(await find(`محمد احمدی${w}`)).toEqual([b.id]); // father
    expect(await find(`${w}nothing`)).toEqual([]);
    // An id number however it is typed: whole, without its separator, but not in part; and the record id of the list's ID column.
    expect(await find(`S-${w}-77`)).toEqual([a.id]);
    expect(await find(`s${w}77`)).toEqual([a.id]);
    expect(await find(`s${w}7`)).toEqual([]);
    expect(await find(String(b.id))).toContain(b.id);
    expect(await find(`${b.id} ${w}`)).toEqual([]); // an id is one number alone, not a word among others
    const selector = await call(server(), 'GET', `/api/orphans?no_pagination=true&search=${encodeURIComponent(`karimi${w}`)}`, { token });
    // The grade tells apart two children of the same name and father in a selector.
    expect(selector.body).toEqual({ data: { data: [{ id: c.id, first_name: 'Ahmad', last_name: `Karimi${w}`, father_name: null, class_grade: '4', site_id: c.site_id, site_name: c.site_name }] } });
  });

  it('keeps finding a child by search after an edit, under the new name and not the old', async () => {
    const token = await loginAdmin(server());
    const w = uniqueWord();
    const o = await createOrphan(server(), token, { first_name: `Zarghona${w}` });
    const find = async (q: string) =>
      ((await call(server(), 'GET', `/api/orphans?search=${encodeURIComponent(q)}`, { token })).body.data as any[]).map((r) => r.id);
    expect(await find(`zarghona${w}`)).toEqual([o.id]);
    const edited = await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: { ...VALID, first_name: `Zarghona${w}`, notes: 'edited' } });
    expect(edited.status).toBe(200);
    expect(await find(`zarghona${w}`)).toEqual([o.id]);
    const renamed = await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: { ...VALID, first_name: `Spogmai${w}` } });
    expect(renamed.status).toBe(200);
    expect(await find(`spogmai${w}`)).toEqual([o.id]);
    expect(await find(`zarghona${w}`)).toEqual([]);
  });

  it('filters, sorts and pages in the Laravel paged shape', async () => {
    const token = await loginAdmin(server());
    const w = uniqueWord();
    const names = ['Baheer', 'Aziz', 'Dawood', 'Cyrus', 'Elham'];
    const ids: number[] = [];
    for (const [i, n] of names.entries()) {
      ids.push((await createOrphan(server(), token, { first_name: n, last_name: w, gender: i % 2 ? 'female' : 'male', class_grade: String(i), admission_date: `2023-0${i + 1}-15` })).id);
    }
    const get = async (q: string) => (await call(server(), 'GET', `/api/orphans?search=${w}&${q}`, { token })).body;
    const page1 = await get('per_page=2&page=1');
    expect(page1).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 5, from: 1, to: 2 });
    expect(page1.data.map((r: any) => r.first_name)).toEqual(['Aziz', 'Baheer']);
    expect(Object.keys(page1.data[0]).sort()).toEqual(
      ['admission_date', 'class_grade', 'dob', 'father_name', 'first_name', 'gender', 'grandfather_name', 'id', 'last_name', 'photo_thumb_url', 'site_id', 'site_name', 'status'].sort(),
    );
    const page3 = await get('per_page=2&page=3');
    expect(page3).toMatchObject({ current_page: 3, from: 5, to: 5 });
    expect((await get('per_page=2&page=9')).data).toEqual([]);
    expect((await get('sort=-first_name')).data.map((r: any) => r.first_name)).toEqual(['Elham', 'Dawood', 'Cyrus', 'Baheer', 'Aziz']);
    expect((await get('sort=-admission_date')).data[0].first_name).toBe('Elham');
    expect((await get('gender=female')).data.map((r: any) => r.first_name)).toEqual(['Aziz', 'Cyrus']);
    expect((await get('gender=male&class_grade=2')).data.map((r: any) => r.first_name)).toEqual(['Dawood']);
    expect((await get('admission_from=2023-02-01&admission_to=2023-03-31')).data.map((r: any) => r.first_name)).toEqual(['Aziz', 'Dawood']);
    const unfiltered = await call(server(), 'GET', '/api/orphans', { token });
    expect(unfiltered.body.per_page).toBe(10);
    expect(unfiltered.body.total).toBe(await server().database.db.selectFrom('orphans').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow().then((r) => Number(r.n)));
  });

  it('answers a repeated search at once after any change: create, rename, trash, and a write by another process', async () => {
    const token = await loginAdmin(server());
    const w = uniqueWord();
    const search = async (q = '') => (await call(server(), 'GET', `/api/orphans?search=${w}&per_page=2${q}`, { token })).body;
    const a = await createOrphan(server(), token, { first_name: 'Aziz', last_name: w });
    const b = await createOrphan(server(), token, { first_name: 'Bashir', last_name: w });
    expect((await search()).total).toBe(2);
    expect((await search()).data.map((r: any) => r.first_name)).toEqual(['Aziz', 'Bashir']);
    const c = await createOrphan(server(), token, { first_name: 'Amin', last_name: w });
    expect((await search()).data.map((r: any) => r.first_name)).toEqual(['Amin', 'Aziz']);
    expect((await search('&page=2')).data.map((r: any) => r.first_name)).toEqual(['Bashir']);
    await call(server(), 'PUT', `/api/orphans/${a.id}`, { token, body: { ...VALID, first_name: 'Aziz', last_name: 'Someoneelse' } });
    expect((await search()).total).toBe(2);
    await call(server(), 'DELETE', `/api/orphans/${b.id}`, { token });
    expect((await search()).data.map((r: any) => r.first_name)).toEqual(['Amin']);
    // Another process writing to the same database (here: a second connection) is seen too.
    await server().database.db.updateTable('orphans').set({ first_name: 'Zahir' }).where('id', '=', c.id).execute();
    if (dialect === 'sqlite') {
      const other = new SQLite(server().config.sqlitePath);
      other.prepare('update orphans set first_name = ? where id = ?').run('Yasin', c.id);
      other.close();
      expect((await search()).data.map((r: any) => r.first_name)).toEqual(['Yasin']);
    } else {
      expect((await search()).data.map((r: any) => r.first_name)).toEqual(['Zahir']);
    }
  });

  it("answers a repeated list page at once after any change: create, rename, trash, restore, a write outside the API; another program's write within a second", async () => {
    const token = await loginAdmin(server());
    const day = '2001-02-03'; // no other test admits a child on this day
    const child = { last_name: 'Pagecheck', admission_date: day, dob: '1996-05-05' };
    const page = async (q = '') => (await call(server(), 'GET', `/api/orphans?admission_from=${day}&admission_to=${day}&per_page=2${q}`, { token })).body;
    const names = async (q = '') => (await page(q)).data.map((r: any) => r.first_name);
    const a = await createOrphan(server(), token, { ...child, first_name: 'Aziz' });
    const b = await createOrphan(server(), token, { ...child, first_name: 'Bashir' });
    expect(await names()).toEqual(['Aziz', 'Bashir']);
    const c = await createOrphan(server(), token, { ...child, first_name: 'Amin' });
    expect(await names()).toEqual(['Amin', 'Aziz']);
    expect((await page()).total).toBe(3);
    await call(server(), 'PUT', `/api/orphans/${a.id}`, { token, body: { ...VALID, ...child, first_name: 'Zaki' } });
    expect(await names()).toEqual(['Amin', 'Bashir']);
    expect(await names('&page=2')).toEqual(['Zaki']);
    await call(server(), 'DELETE', `/api/orphans/${b.id}`, { token });
    expect(await names()).toEqual(['Amin', 'Zaki']);
    expect((await page()).total).toBe(2);
    await call(server(), 'POST', `/api/orphans/${b.id}/restore`, { token });
    expect((await page()).total).toBe(3);
    // A write through the server's own connection, outside the API, is seen at once.
    await server().database.db.updateTable('orphans').set({ first_name: 'Bahram' }).where('id', '=', b.id).execute();
    expect(await names()).toEqual(['Amin', 'Bahram']);
    if (dialect === 'postgres') return;
    // Another program writing to the SQLite file (a second connection) is seen at once too.
    const other = new SQLite(server().config.sqlitePath);
    other.prepare('update orphans set first_name = ? where id = ?').run('Yasin', c.id);
    other.close();
    expect(await names()).toEqual(['Bahram', 'Yasin']);
  });

  it('keeps the gender and grade totals right through create, update, trash and restore', async () => {
    const token = await loginAdmin(server());
    const dbCount = async (gender: string, grade?: string) => {
      let q = server().database.db.selectFrom('orphans').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null).where('gender', '=', gender);
      if (grade) q = q.where('class_grade', '=', grade);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const apiCount = async (query: string) => (await call(server(), 'GET', `/api/orphans?${query}`, { token })).body.total;
    const o = await createOrphan(server(), token, { gender: 'other', class_grade: '11' });
    expect(await apiCount('gender=other&class_grade=11')).toBe(await dbCount('other', '11'));
    await call(server(), 'PUT', `/api/orphans/${o.id}`, { token, body: { ...VALID, gender: 'other', class_grade: '12' } });
    expect(await apiCount('gender=other&class_grade=11')).toBe(await dbCount('other', '11'));
    expect(await apiCount('gender=other&class_grade=12')).toBe(await dbCount('other', '12'));
    expect(await apiCount('gender=other')).toBe(await dbCount('other'));
    await call(server(), 'DELETE', `/api/orphans/${o.id}`, { token });
    expect(await apiCount('gender=other&class_grade=12')).toBe(await dbCount('other', '12'));
    await call(server(), 'POST', `/api/orphans/${o.id}/restore`, { token });
    expect(await apiCount('gender=other&class_grade=12')).toBe(await dbCount('other', '12'));
    expect(await apiCount('class_grade=12')).toBe((await dbCount('other', '12')) + (await dbCount('male', '12')) + (await dbCount('female', '12')));
    // Triggers keep the counts, so even a change made outside the service is counted.
    await server().database.db.updateTable('orphans').set({ class_grade: '10' }).where('id', '=', o.id).execute();
    expect(await apiCount('gender=other&class_grade=12')).toBe(await dbCount('other', '12'));
    expect(await apiCount('gender=other&class_grade=10')).toBe(await dbCount('other', '10'));
    await call(server(), 'DELETE', `/api/orphans/${o.id}`, { token });
    await call(server(), 'DELETE', `/api/orphans/${o.id}/purge`, { token });
    expect(await apiCount('gender=other&class_grade=10')).toBe(await dbCount('other', '10'));
    expect(await apiCount('gender=other')).toBe(await dbCount('other'));
  });

  it('shows orphan figures on the dashboard to those who may view orphans', async () => {
    const token = await loginAdmin(server());
    const today = new Date();
    const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const before = (await call(server(), 'GET', '/api/dashboard/data', { token })).body.stats;
    const stat = (stats: any[], label: string) => stats.find((s) => s.label === label)?.value;
    const soon = new Date(today.getFullYear() - 10, today.getMonth(), today.getDate() + 3);
    await createOrphan(server(), token, { dob: iso(soon), admission_date: iso(today) });
    const after = (await call(server(), 'GET', '/api/dashboard/data', { token })).body.stats;
    expect(stat(after, 'Total Orphans')).toBe(stat(before, 'Total Orphans') + 1);
    expect(stat(after, 'New Admissions')).toBe(stat(before, 'New Admissions') + 1);
    expect(stat(after, 'Upcoming Events')).toBe(stat(before, 'Upcoming Events') + 1);
    const nobody = await userWithRoles(server(), []);
    const theirs = (await call(server(), 'GET', '/api/dashboard/data', { token: nobody.token })).body.stats;
    expect(stat(theirs, 'Total Orphans')).toBeUndefined();
  });
});
