import { expect, it } from 'vitest';
import { ORPHAN_MESSAGES } from '@app/shared/schemas/orphan.schema';
import { call, describeEachDatabase, loginAdmin, userWithRoles } from '../../../test/harness.ts';

/** What the API refuses or warns about while a child is entered: impossible dates, likely duplicates, a reversed admission range. */

let seq = 0;
/** A unique Latin word per test, so tests sharing one database find only their own children. */
const uniqueWord = () => `zd${Date.now().toString(36)}${(seq += 1).toString(36)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

const VALID = { first_name: 'Maryam', last_name: 'Ahmadi', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', status: 'active' };

describeEachDatabase('orphan entry checks', (server) => {
  it('refuses an admission date before the date of birth, on create and on update, and stores nothing', async () => {
    const token = await loginAdmin(server());
    const early = await call(server(), 'POST', '/api/orphans', { token, body: { ...VALID, admission_date: '2014-03-20' } });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ admission_date: [ORPHAN_MESSAGES.admissionBeforeBirth] });
    const sameDay = await call(server(), 'POST', '/api/orphans', { token, body: { ...VALID, admission_date: VALID.dob } });
    expect(sameDay.status).toBe(201);
    const edit = await call(server(), 'PUT', `/api/orphans/${sameDay.body.data.id}`, { token, body: { ...VALID, dob: '2015-01-01', admission_date: '2014-12-31' } });
    expect(edit.status).toBe(422);
    expect(edit.body.errors.admission_date).toEqual([ORPHAN_MESSAGES.admissionBeforeBirth]);
    expect((await call(server(), 'GET', `/api/orphans/${sameDay.body.data.id}`, { token })).body.data.dob).toBe(VALID.dob);
  });

  it('answers a reversed admission range with a 422 on the field, for the list and the trash', async () => {
    const token = await loginAdmin(server());
    for (const path of ['/api/orphans', '/api/orphans/trash']) {
      const res = await call(server(), 'GET', `${path}?admission_from=2021-01-01&admission_to=2020-01-01`, { token });
      expect(res.status, path).toBe(422);
      expect(res.body.errors, path).toEqual({ admission_to: [ORPHAN_MESSAGES.admissionRangeInvalid] });
    }
  });

  it('names the likely duplicates of a child about to be saved, with their ids', async () => {
    const token = await loginAdmin(server());
    const w = uniqueWord();
    const child = { ...VALID, first_name: `Sara${w}`, father_name: 'Abdul' };
    const first = (await call(server(), 'POST', '/api/orphans', { token, body: child })).body.data;
    const ask = (q: Record<string, string>) => call(server(), 'GET', `/api/orphans/possible-duplicates?${new URLSearchParams(q)}`, { token });
    const same = { first_name: child.first_name.toUpperCase(), last_name: ' ahmadi ', father_name: 'abdul', dob: child.dob };

    const found = await ask(same);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ data: [{ id: first.id, first_name: child.first_name, last_name: 'Ahmadi', father_name: 'Abdul', dob: child.dob }] });
    // No father given on either side still matches; another father, birth date or name does not.
    expect((await ask({ ...same, father_name: '' })).body.data).toHaveLength(1);
    expect((await ask({ ...same, father_name: 'Karim' })).body.data).toEqual([]);
    expect((await ask({ ...same, dob: '2014-03-22' })).body.data).toEqual([]);
    expect((await ask({ ...same, last_name: 'Karimi' })).body.data).toEqual([]);
    // Editing the child itself: it is not its own duplicate.
    expect((await ask({ ...same, except: String(first.id) })).body.data).toEqual([]);
    // The staff member may still save the second one; then each is the other's duplicate, and a trashed one is not.
    const second = (await call(server(), 'POST', '/api/orphans', { token, body: child })).body.data;
    expect((await ask(same)).body.data.map((d: { id: number }) => d.id)).toEqual([first.id, second.id]);
    await call(server(), 'DELETE', `/api/orphans/${second.id}`, { token });
    expect((await ask(same)).body.data.map((d: { id: number }) => d.id)).toEqual([first.id]);
  });

  it('asks for the names and the date of birth, and only of those who may add children', async () => {
    const token = await loginAdmin(server());
    const bad = await call(server(), 'GET', '/api/orphans/possible-duplicates?first_name=A&dob=2014-02-30', { token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['dob', 'last_name']);
    const teacher = await userWithRoles(server(), ['Teacher']);
    expect((await call(server(), 'GET', '/api/orphans/possible-duplicates?first_name=A&last_name=B&dob=2014-01-01', { token: teacher.token })).status).toBe(403);
  });
});
