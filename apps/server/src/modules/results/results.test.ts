import { beforeAll, expect, it } from 'vitest';
import { ROLE } from '@app/shared/permissions';
import { orphanResultsResponseSchema, resultListResponseSchema } from '@app/shared/schemas/result.schema';
import { call, describeEachDatabase, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';
import { getChecked } from '../../../test/checked-answer.ts';

/** Results API: every section 5 rule and message, per-type fields, grade, summaries, trash, permissions. */

const CHILD = { first_name: 'Maryam', last_name: 'Ahmadi', father_name: 'Karim', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', class_grade: '4' };

const EDUCATION = { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, average: 78, score: 84 };
const DISCIPLINE = { result_type: 'discipline', subject: 'Conduct', exam_date: '2025-05-11', year: 2025, grade: 'A', ethics_score: 9, uniform_score: 8.5, relationship_score: 10, score: 92 };
const COURSE = { result_type: 'course', subject: 'English', course_type: 'Language', term: 'Final', exam_date: '2025-06-01', year: 2025, total: 50, score: 41, grade: 'B' };

async function newChild(server: TestServer, token: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await call(server, 'POST', '/api/orphans', { token, body: { ...CHILD, ...fields } });
  if (res.status !== 201) throw new Error(`child: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

async function resultCount(server: TestServer, orphanId?: number): Promise<number> {
  let q = server.database.db.selectFrom('results').select((eb) => eb.fn.countAll<number>().as('n'));
  if (orphanId !== undefined) q = q.where('orphan_id', '=', orphanId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

describeEachDatabase('results API', (server) => {
  let admin: string;
  let child: number;
  beforeAll(async () => {
    admin = await loginAdmin(server());
    child = await newChild(server(), admin);
  });

  it('creates each type, keeps only its fields, fills father_name from the child and derives the education grade', async () => {
    const edu = await call(server(), 'POST', '/api/results', { token: admin, body: { ...EDUCATION, orphan_id: child, grade: 'F', ethics_score: 5, course_type: 'Art', father_name: 'Someone else' } });
    expect(edu.status).toBe(201);
    expect(edu.body.message).toBe('Result created successfully');
    expect(edu.body.data).toMatchObject({ orphan_id: child, father_name: 'Karim', orphan_name: 'Maryam Ahmadi', grade: 'A', score: 84, total: 100, average: 78, ethics_score: null, course_type: null });

    const dis = await call(server(), 'POST', '/api/results', { token: admin, body: { ...DISCIPLINE, orphan_id: child, total: 100, term: 'Final', average: 50 } });
    expect(dis.status).toBe(201);
    expect(dis.body.data).toMatchObject({ grade: 'A', ethics_score: 9, uniform_score: 8.5, relationship_score: 10, score: 92, total: null, term: null, average: null });

    const course = await call(server(), 'POST', '/api/results', { token: admin, body: { ...COURSE, orphan_id: String(child), average: 70, remarks: 'Reads well' } });
    expect(course.status).toBe(201);
    expect(course.body.data).toMatchObject({ course_type: 'Language', term: 'Final', total: 50, score: 41, grade: 'B', average: null, comments: 'Reads well' });

    const got = await call(server(), 'GET', `/api/results/${course.body.data.id}`, { token: admin });
    expect(got.body.data).toEqual(course.body.data);
  });

  it.each([
    ['every missing field with its message', {}, { orphan_id: 'Orphan is required', exam_date: 'Exam date is required', year: 'Year is required', subject: 'Subject is required', term: 'Term is required', total: 'Total is required', average: 'Average is required', score: 'Score is required' }],
    ['score above total', { total: 60, score: 75 }, { score: 'Score cannot exceed total marks (60)' }],
    ['average above 100', { average: 101 }, { average: 'Average cannot exceed 100' }],
    ['year of two digits', { year: 99 }, { year: 'Year must be a 4-digit number' }],
    ['year as five digits', { year: '20250' }, { year: 'Year must be a 4-digit number' }],
    ['a score sent as a string', { score: '84' }, { score: 'Must be a number' }],
    ['a score sent as "NaN"', { score: 'NaN' }, { score: 'Must be a number' }],
    ['a negative total', { total: -1 }, { total: 'Total must be at least 0' }],
    ['an unknown term', { term: 'Spring' }, { term: 'The selected term is invalid.' }],
  ])('refuses an education result with %s (422, nothing stored)', async (_name, fields, messages) => {
    const before = await resultCount(server());
    const body = Object.keys(fields).length ? { ...EDUCATION, orphan_id: child, ...fields } : { result_type: 'education' };
    const res = await call(server(), 'POST', '/api/results', { token: admin, body });
    expect(res.status).toBe(422);
    for (const [field, message] of Object.entries(messages)) expect(res.body.errors[field], field).toEqual([message]);
    expect(await resultCount(server())).toBe(before);
  });

  it.each([
    ['a sub-score above 10', { result_type: 'discipline', ethics_score: 11 }, { ethics_score: 'Score must be between 0 and 10' }],
    ['a negative sub-score', { result_type: 'discipline', uniform_score: -1 }, { uniform_score: 'Score must be between 0 and 10' }],
    ['an overall score above 100', { result_type: 'discipline', score: 100.5 }, { score: 'Score must be between 0 and 100' }],
    ['no grade', { result_type: 'discipline', grade: '' }, { grade: 'Grade is required' }],
    ['a course score above total', { result_type: 'course', score: 51 }, { score: 'Score cannot exceed total marks (50)' }],
    ['no course type', { result_type: 'course', course_type: undefined }, { course_type: 'Course type is required' }],
    ['a course term of education', { result_type: 'course', term: 'Monthly' }, { term: 'The selected term is invalid.' }],
    ['no result type', { result_type: '' }, { result_type: 'Result type is required' }],
  ])('refuses %s', async (_name, fields, messages) => {
    const base = fields.result_type === 'course' ? COURSE : DISCIPLINE;
    const res = await call(server(), 'POST', '/api/results', { token: admin, body: { ...base, orphan_id: child, ...fields } });
    expect(res.status).toBe(422);
    for (const [field, message] of Object.entries(messages)) expect(res.body.errors[field], field).toEqual([message]);
  });

  it('refuses a child that does not exist or is in the trash (422), and stores nothing', async () => {
    const trashed = await newChild(server(), admin, { first_name: 'Trashed' });
    await call(server(), 'DELETE', `/api/orphans/${trashed}`, { token: admin });
    const before = await resultCount(server());
    for (const orphan_id of [999_999, trashed]) {
      const res = await call(server(), 'POST', '/api/results', { token: admin, body: { ...EDUCATION, orphan_id } });
      expect(res.status).toBe(422);
      expect(res.body.errors.orphan_id).toEqual(['The selected orphan does not exist.']);
    }
    expect(await resultCount(server())).toBe(before);
  });

  it('updates a result (switching its type clears the old fields), refuses a stale edit with 409 and another child with 422', async () => {
    // Another assessment than the first test's (one result per assessment).
    const made = (await call(server(), 'POST', '/api/results', { token: admin, body: { ...EDUCATION, orphan_id: child, exam_date: '2025-05-20' } })).body.data;
    const updated = await call(server(), 'PUT', `/api/results/${made.id}`, { token: admin, body: { ...COURSE, orphan_id: child, exam_date: '2025-06-20', updated_at: made.updated_at } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ result_type: 'course', average: null, course_type: 'Language', grade: 'B' });
    expect(updated.body.data.updated_at).not.toBe(made.updated_at);

    const stale = await call(server(), 'PUT', `/api/results/${made.id}`, { token: admin, body: { ...COURSE, orphan_id: child, score: 10, updated_at: made.updated_at } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('changed_meanwhile');
    expect((await call(server(), 'GET', `/api/results/${made.id}`, { token: admin })).body.data.score).toBe(41);

    const other = await newChild(server(), admin, { first_name: 'Other' });
    const moved = await call(server(), 'PUT', `/api/results/${made.id}`, { token: admin, body: { ...COURSE, orphan_id: other } });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.orphan_id).toEqual(['The orphan of a result cannot be changed.']);
  });

  it('lists with filters, newest first, and hides a trashed child\'s results until it is restored; purging deletes them', async () => {
    const kid = await newChild(server(), admin, { first_name: 'Listed' });
    await call(server(), 'POST', '/api/results', { token: admin, body: { ...EDUCATION, orphan_id: kid, exam_date: '2024-03-01', year: 2024 } });
    await call(server(), 'POST', '/api/results', { token: admin, body: { ...EDUCATION, orphan_id: kid, exam_date: '2025-03-01', term: 'Final' } });
    const dis = (await call(server(), 'POST', '/api/results', { token: admin, body: { ...DISCIPLINE, orphan_id: kid } })).body.data;

    const all = await call(server(), 'GET', `/api/results?orphan_id=${kid}`, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.truncated).toBe(false);
    expect(all.body.data.map((r: { exam_date: string }) => r.exam_date)).toEqual(['2025-05-11', '2025-03-01', '2024-03-01']);
    expect((await call(server(), 'GET', `/api/results?orphan_id=${kid}&year=2025&result_type=education`, { token: admin })).body.data).toHaveLength(1);
    expect((await call(server(), 'GET', `/api/results?orphan_id=${kid}&term=Final`, { token: admin })).body.data).toHaveLength(1);
    expect((await call(server(), 'GET', '/api/results?year=99', { token: admin })).status).toBe(422);
    expect((await call(server(), 'GET', '/api/results?result_type=music', { token: admin })).status).toBe(422);

    await call(server(), 'DELETE', `/api/orphans/${kid}`, { token: admin });
    expect((await call(server(), 'GET', `/api/results?orphan_id=${kid}`, { token: admin })).body.data).toEqual([]);
    expect((await call(server(), 'GET', '/api/results', { token: admin })).body.data.some((r: { orphan_id: number }) => r.orphan_id === kid)).toBe(false);
    expect((await call(server(), 'GET', `/api/results/${dis.id}`, { token: admin })).status).toBe(404);
    expect((await call(server(), 'GET', `/api/orphans/${kid}/results`, { token: admin })).status).toBe(404);
    expect((await call(server(), 'PUT', `/api/results/${dis.id}`, { token: admin, body: { ...DISCIPLINE, orphan_id: kid } })).status).toBe(404);

    await call(server(), 'POST', `/api/orphans/${kid}/restore`, { token: admin });
    expect((await call(server(), 'GET', `/api/results?orphan_id=${kid}`, { token: admin })).body.data).toHaveLength(3);

    await call(server(), 'DELETE', `/api/orphans/${kid}`, { token: admin });
    expect((await call(server(), 'DELETE', `/api/orphans/${kid}/purge`, { token: admin })).status).toBe(200);
    expect(await resultCount(server(), kid)).toBe(0);
  });

  it('summarises one child\'s results by year and term with averages per type', async () => {
    const kid = await newChild(server(), admin, { first_name: 'Summed' });
    const post = (body: Record<string, unknown>) => call(server(), 'POST', '/api/results', { token: admin, body: { ...body, orphan_id: kid } });
    await post({ ...EDUCATION, score: 80, exam_date: '2025-03-01' });
    await post({ ...EDUCATION, score: 91, subject: 'Science', exam_date: '2025-03-02' });
    await post({ ...EDUCATION, score: 60, term: 'Final', exam_date: '2025-11-01' });
    await post({ ...DISCIPLINE, score: 70 });
    await post({ ...DISCIPLINE, score: undefined, exam_date: '2025-05-12' });
    await post({ ...COURSE, score: 45, year: 2024, exam_date: '2024-06-01' });

    const res = await call(server(), 'GET', `/api/orphans/${kid}/results`, { token: admin });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.orphan).toEqual({ id: kid, first_name: 'Summed', last_name: 'Ahmadi', father_name: 'Karim' });
    expect(d.averages).toEqual({ education: { count: 3, average_percent: 77 }, discipline: { count: 2, average_percent: 70 }, course: { count: 1, average_percent: 90 } }); // 45 of 50
    expect(d.years.map((y: { year: number }) => y.year)).toEqual([2025, 2024]);
    const y2025 = d.years[0];
    expect(y2025.averages.education).toEqual({ count: 3, average_percent: 77 });
    const terms = Object.fromEntries(y2025.terms.map((t: { term: string | null; averages: unknown; results: unknown[] }) => [String(t.term), t]));
    expect(terms['First Term'].averages.education).toEqual({ count: 2, average_percent: 85.5 });
    expect(terms['Final'].averages.education).toEqual({ count: 1, average_percent: 60 });
    expect(terms['null'].results).toHaveLength(2);
    expect((await call(server(), 'GET', '/api/orphans/999999/results', { token: admin })).status).toBe(404);
  });

  it('keeps the list and a child\'s results as sent only while nothing changed: an edit, a rename, a result written straight to the table, the child trashed and restored each show at once', async () => {
    const kid = await newChild(server(), admin, { first_name: 'Kept' });
    const list = async () => (await getChecked(server(), admin, `/api/results?orphan_id=${kid}`, resultListResponseSchema)).body;
    const summary = () => getChecked(server(), admin, `/api/orphans/${kid}/results`, orphanResultsResponseSchema);
    const made = (await call(server(), 'POST', '/api/results', { token: admin, body: { ...EDUCATION, orphan_id: kid, score: 80 } })).body.data;
    expect((await list()).data.map((r: { score: number }) => r.score)).toEqual([80]);
    expect((await summary()).body.data.averages.education).toEqual({ count: 1, average_percent: 80 });

    const edited = await call(server(), 'PUT', `/api/results/${made.id}`, { token: admin, body: { ...EDUCATION, orphan_id: kid, score: 60, updated_at: made.updated_at } });
    expect(edited.status).toBe(200);
    expect((await list()).data.map((r: { score: number }) => r.score)).toEqual([60]);
    expect((await summary()).body.data.averages.education).toEqual({ count: 1, average_percent: 60 });

    expect((await call(server(), 'PUT', `/api/orphans/${kid}`, { token: admin, body: { ...CHILD, first_name: 'Renamed' } })).status).toBe(200);
    expect((await list()).data[0].orphan_name).toBe('Renamed Ahmadi');
    expect((await summary()).body.data.orphan.first_name).toBe('Renamed');

    // A script's write, outside the API, is seen at once.
    const at = new Date().toISOString();
    await server()
      .database.db.insertInto('results')
      .values({ orphan_id: kid, result_type: 'education', subject: 'Science', term: 'Final', exam_date: '2025-12-01', year: 2025, grade: 'A', total: 100, average: 90, score: 90, created_at: at, updated_at: at })
      .execute();
    expect((await list()).data.map((r: { score: number }) => r.score)).toEqual([90, 60]);
    expect((await summary()).body.data.averages.education).toEqual({ count: 2, average_percent: 75 });

    expect((await call(server(), 'DELETE', `/api/orphans/${kid}`, { token: admin })).status).toBe(200);
    expect((await list()).data).toEqual([]);
    expect((await summary()).status).toBe(404);
    expect((await call(server(), 'POST', `/api/orphans/${kid}/restore`, { token: admin })).status).toBe(200);
    expect((await list()).data).toHaveLength(2);
    expect((await summary()).body.data.averages.education.count).toBe(2);
  });

  it('deletes a result and logs every change in the activity log', async () => {
    const made = (await call(server(), 'POST', '/api/results', { token: admin, body: { ...EDUCATION, orphan_id: child, subject: 'Logged' } })).body.data;
    await call(server(), 'PUT', `/api/results/${made.id}`, { token: admin, body: { ...EDUCATION, orphan_id: child, subject: 'Logged', score: 50 } });
    const del = await call(server(), 'DELETE', `/api/results/${made.id}`, { token: admin });
    expect(del.body).toEqual({ message: 'Result deleted successfully' });
    expect((await call(server(), 'GET', `/api/results/${made.id}`, { token: admin })).status).toBe(404);
    const log = await server().database.db.selectFrom('activities').select(['action', 'name']).where('subject_type', '=', 'result').where('subject_id', '=', made.id).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['created', 'updated', 'deleted']);
    expect(log[0]!.name).toBe('Maryam Ahmadi: Logged (education)');
  });

  it('gates every call by its permission for each seeded role', async () => {
    const made = (await call(server(), 'POST', '/api/results', { token: admin, body: { ...EDUCATION, orphan_id: child, subject: 'Gated' } })).body.data;
    const body = { ...EDUCATION, orphan_id: child, subject: 'Gated' };
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/results'],
      ['GET', `/api/results/${made.id}`],
      ['GET', `/api/orphans/${child}/results`],
      ['POST', '/api/results', { ...body, subject: 'Gated too' }],
      ['PUT', `/api/results/${made.id}`, body],
      ['DELETE', `/api/results/${made.id}`],
    ];
    const expected: Record<string, number[]> = {
      [ROLE.teacher]: [200, 200, 200, 201, 200, 403],
      [ROLE.caseworker]: [200, 200, 200, 403, 403, 403],
      none: [403, 403, 403, 403, 403, 403],
    };
    for (const [role, statuses] of Object.entries(expected)) {
      const { token } = await userWithRoles(server(), role === 'none' ? [] : [role]);
      const got = [];
      for (const [method, url, b] of calls) got.push((await call(server(), method, url, { token, body: b })).status);
      expect(got, role).toEqual(statuses);
    }
    const { token: manager } = await userWithRoles(server(), [ROLE.manager]);
    expect((await call(server(), 'DELETE', `/api/results/${made.id}`, { token: manager })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/results')).status).toBe(401);
  });
});
