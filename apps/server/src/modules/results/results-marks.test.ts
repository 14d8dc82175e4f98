import { beforeAll, expect, it } from 'vitest';
import { classResultsResponseSchema, orphanResultsResponseSchema } from '@app/shared/schemas/result.schema';
import { up as regradeMigration } from '../../db/migrations/0028-grades-from-percentage.ts';
import { findDuplicateResults, formatDuplicates } from '../../ops/results-duplicates.ts';
import { call, describeEachDatabase, loginAdmin, type TestServer } from '../../../test/harness.ts';

/**
 * What teachers and donors are told about marks: the grade from the score's percentage of the
 * total marks, averages of percentages, one result per assessment (and the results of an
 * assessment read back for the class grid), no exam dated in the future, the regrading
 * migration and the duplicates report.
 */

const CHILD = { first_name: 'Hadia', last_name: 'Sadat', father_name: 'Wahid', dob: '2013-04-02', gender: 'female', admission_date: '2022-03-01', class_grade: '7' };
const EDUCATION = { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, average: 70, score: 85 };

async function newChild(server: TestServer, token: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await call(server, 'POST', '/api/orphans', { token, body: { ...CHILD, ...fields } });
  if (res.status !== 201) throw new Error(`child: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

const count = async (server: TestServer, orphanId: number) =>
  Number((await server.database.db.selectFrom('results').select((eb) => eb.fn.countAll<number>().as('n')).where('orphan_id', '=', orphanId).executeTakeFirstOrThrow()).n);

/** The date `days` from today (UTC), 'YYYY-MM-DD'. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeEachDatabase('results: marks as percentages, one result per assessment', (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = await loginAdmin(server());
  });
  const post = (body: Record<string, unknown>, headers?: Record<string, string>) => call(server(), 'POST', '/api/results', { token: admin, body, headers });

  it('grades an education result by its percentage of the total marks, and answers that percentage', async () => {
    const kid = await newChild(server(), admin);
    const cases: Array<[number, number, string, number]> = [
      [72, 80, 'A+', 90],
      [45, 50, 'A+', 90],
      [30, 50, 'C', 60],
      [84, 100, 'A', 84],
      [24.5, 50, 'F', 49],
    ];
    for (const [i, [score, total, grade, percent]] of cases.entries()) {
      const res = await post({ ...EDUCATION, orphan_id: kid, subject: `Subject ${i}`, score, total, grade: 'F' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data, `${score} / ${total}`).toMatchObject({ score, total, grade, percent });
    }
    // An edit regrades from the new marks.
    const made = (await post({ ...EDUCATION, orphan_id: kid, subject: 'Edited', score: 40, total: 80 })).body.data;
    expect(made.grade).toBe('D');
    const edited = await call(server(), 'PUT', `/api/results/${made.id}`, { token: admin, body: { ...EDUCATION, orphan_id: kid, subject: 'Edited', score: 64, total: 80, updated_at: made.updated_at } });
    expect(edited.body.data).toMatchObject({ grade: 'A', percent: 80 });
  });

  it('averages percentages of each total, never raw scores: 85 of 100 and 30 of 50 average 72.5 %', async () => {
    const kid = await newChild(server(), admin, { first_name: 'Averaged' });
    expect((await post({ ...EDUCATION, orphan_id: kid, score: 85, total: 100 })).status).toBe(201);
    expect((await post({ ...EDUCATION, orphan_id: kid, subject: 'Science', score: 30, total: 50 })).status).toBe(201);
    expect((await post({ result_type: 'course', subject: 'English', course_type: 'Language', term: 'Final', exam_date: '2025-06-01', year: 2025, total: 80, score: 60, grade: 'B', orphan_id: kid })).status).toBe(201);
    expect((await post({ result_type: 'discipline', subject: 'Conduct', exam_date: '2025-05-11', year: 2025, grade: 'A', score: 88, orphan_id: kid })).status).toBe(201);

    const res = await call(server(), 'GET', `/api/orphans/${kid}/results`, { token: admin });
    expect(res.status).toBe(200);
    expect(orphanResultsResponseSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.data.averages).toEqual({
      education: { count: 2, average_percent: 72.5 },
      course: { count: 1, average_percent: 75 },
      discipline: { count: 1, average_percent: 88 },
    });
    const firstTerm = res.body.data.years[0].terms.find((t: { term: string }) => t.term === 'First Term');
    expect(firstTerm.averages.education).toEqual({ count: 2, average_percent: 72.5 });
    expect(firstTerm.results.map((r: { subject: string; percent: number }) => [r.subject, r.percent]).sort()).toEqual([['Mathematics', 85], ['Science', 60]]);
    // The list answers each result's percentage too.
    const list = await call(server(), 'GET', `/api/results?orphan_id=${kid}&result_type=education`, { token: admin });
    expect(list.body.data.map((r: { percent: number }) => r.percent).sort()).toEqual([60, 85]);
  });

  it('refuses a second result for the same assessment with a 422 naming it, and stores nothing', async () => {
    const kid = await newChild(server(), admin, { first_name: 'Twice' });
    expect((await post({ ...EDUCATION, orphan_id: kid })).status).toBe(201);
    const before = await count(server(), kid);

    const again = await post({ ...EDUCATION, orphan_id: kid, subject: ' mathematics ', score: 40 });
    expect(again.status).toBe(422);
    const message = 'Twice Sadat already has an education result in mathematics for First Term on 2025-05-10.';
    expect(again.body.message).toBe(message);
    expect(again.body.errors.subject).toEqual([message]);
    // In Dari, from the same catalog as every message.
    const dari = await post({ ...EDUCATION, orphan_id: kid }, { 'Accept-Language': 'fa-AF' });
    expect(dari.status).toBe(422);
    expect(dari.body.errors.subject[0]).toContain('از قبل یک نتیجهٔ تعلیمی');
    expect(await count(server(), kid)).toBe(before);

    // Another term, date or type is another assessment.
    expect((await post({ ...EDUCATION, orphan_id: kid, term: 'Final' })).status).toBe(201);
    expect((await post({ ...EDUCATION, orphan_id: kid, exam_date: '2025-05-11' })).status).toBe(201);
    const course = { result_type: 'course', subject: 'Mathematics', course_type: 'Computer', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 50, score: 40, grade: 'A', orphan_id: kid };
    expect((await post(course)).status).toBe(201);
    const secondCourse = await post({ ...course, course_type: 'Language' });
    expect(secondCourse.status).toBe(422);
    expect(secondCourse.body.errors.subject).toEqual(['Twice Sadat already has a course result in Mathematics for First Term on 2025-05-10.']);

    // Discipline: the same subject on the same date.
    const discipline = { result_type: 'discipline', subject: 'Conduct', exam_date: '2025-05-12', year: 2025, grade: 'A', orphan_id: kid };
    expect((await post(discipline)).status).toBe(201);
    const secondDiscipline = await post({ ...discipline, grade: 'B' });
    expect(secondDiscipline.status).toBe(422);
    expect(secondDiscipline.body.errors.subject).toEqual(['Twice Sadat already has a discipline result in Conduct on 2025-05-12.']);

    // An edit may keep its own assessment, not take another result's.
    const final = (await call(server(), 'GET', `/api/results?orphan_id=${kid}&term=Final`, { token: admin })).body.data[0];
    const kept = await call(server(), 'PUT', `/api/results/${final.id}`, { token: admin, body: { ...EDUCATION, orphan_id: kid, term: 'Final', score: 99, updated_at: final.updated_at } });
    expect(kept.status).toBe(200);
    const taken = await call(server(), 'PUT', `/api/results/${final.id}`, { token: admin, body: { ...EDUCATION, orphan_id: kid, score: 10 } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.subject).toEqual(['Twice Sadat already has an education result in Mathematics for First Term on 2025-05-10.']);
    expect((await call(server(), 'GET', `/api/results/${final.id}`, { token: admin })).body.data).toMatchObject({ term: 'Final', score: 99 });
  });

  it("answers the results of one assessment for a class's children, so the class grid can update them", async () => {
    const grade = '9';
    const [a, b, other] = [await newChild(server(), admin, { first_name: 'Arezo', class_grade: grade }), await newChild(server(), admin, { first_name: 'Bibi', class_grade: grade }), await newChild(server(), admin, { first_name: 'Other', class_grade: '8' })];
    const ra = (await post({ ...EDUCATION, orphan_id: a, subject: 'Biology', score: 70 })).body.data;
    await post({ ...EDUCATION, orphan_id: b, subject: 'Biology', term: 'Final', score: 60 });
    await post({ ...EDUCATION, orphan_id: other, subject: 'Biology', score: 50 });
    const q = new URLSearchParams({ class_grade: grade, result_type: 'education', subject: 'biology', term: 'First Term', exam_date: EDUCATION.exam_date });
    const res = await call(server(), 'GET', `/api/results/class?${q}`, { token: admin });
    expect(res.status).toBe(200);
    expect(classResultsResponseSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.data.map((r: { id: number; orphan_id: number; score: number }) => [r.id, r.orphan_id, r.score])).toEqual([[ra.id, a, 70]]);

    for (const bad of [{ class_grade: '13' }, { result_type: 'music' }, { exam_date: '2025-02-30' }, { term: '' }, { subject: '' }] as Array<Record<string, string>>) {
      const query = new URLSearchParams({ ...Object.fromEntries(q), ...bad });
      const refused = await call(server(), 'GET', `/api/results/class?${query}`, { token: admin });
      expect(refused.status, JSON.stringify(bad)).toBe(422);
    }
    expect((await call(server(), 'GET', `/api/results/class?${q}`)).status).toBe(401);
  });

  it('refuses an exam date in the future (422, in every language), and takes today', async () => {
    const kid = await newChild(server(), admin, { first_name: 'Dated' });
    const future = dayFromToday(3);
    const res = await post({ ...EDUCATION, orphan_id: kid, exam_date: future, year: Number(future.slice(0, 4)) });
    expect(res.status).toBe(422);
    expect(res.body.errors.exam_date).toEqual(['The exam date cannot be in the future.']);
    const pashto = await post({ ...EDUCATION, orphan_id: kid, exam_date: '2027-01-10', year: 2027 }, { 'Accept-Language': 'ps-AF' });
    expect(pashto.body.errors.exam_date).toEqual(['د ازموینې نېټه په راتلونکي کې نه شي کېدای.']);
    expect(await count(server(), kid)).toBe(0);
    const today = dayFromToday(0);
    expect((await post({ ...EDUCATION, orphan_id: kid, exam_date: today, year: Number(today.slice(0, 4)) })).status).toBe(201);
  });

  it('regrades the results stored before from their percentages (migration), logs it, and keeps their updated_at', async () => {
    const db = server().database.db;
    const kid = await newChild(server(), admin, { first_name: 'Regraded' });
    const at = '2025-01-01T00:00:00.000Z';
    const row = (subject: string, score: number, total: number, grade: string, result_type = 'education') => ({
      orphan_id: kid, result_type, subject, term: 'First Term', exam_date: '2024-05-01', year: 2024, grade, total, average: 50, score, created_at: at, updated_at: at,
    });
    // As the old rule stored them: the raw score's band.
    const ids = await db
      .insertInto('results')
      .values([row('Old A', 72, 80, 'B'), row('Old B', 45, 50, 'F'), row('Right', 84, 100, 'A'), row('Course', 45, 50, 'C', 'course')])
      .returning('id')
      .execute();
    // The upgrade, run on them (the server ran it once at start, on an empty table).
    await regradeMigration(db as never, server().dialect);

    const stored = await db.selectFrom('results').select(['id', 'grade', 'updated_at']).where('id', 'in', ids.map((r) => r.id)).orderBy('id').execute();
    // Education regraded; a course grade is a teacher's pick and stays.
    expect(stored.map((r) => r.grade)).toEqual(['A+', 'A+', 'A', 'C']);
    expect(stored.every((r) => r.updated_at === at)).toBe(true);
    const log = await db.selectFrom('activities').select(['type', 'action', 'subject_type', 'name', 'user_id']).where('action', '=', 'regraded').orderBy('id', 'desc').executeTakeFirst();
    expect(log).toMatchObject({ type: 'other', subject_type: 'result', user_id: null });
    expect(log!.name).toBe('Education grades recalculated from the percentage of total marks: 2 results regraded');
    // The child's answers show the new grades at once.
    const summary = await call(server(), 'GET', `/api/results?orphan_id=${kid}&result_type=education`, { token: admin });
    expect(summary.body.data.map((r: { subject: string; grade: string }) => `${r.subject} ${r.grade}`).sort()).toEqual(['Old A A+', 'Old B A+', 'Right A']);
  });

  it('reports the results stored twice for one assessment, and deletes none', async () => {
    const db = server().database.db;
    const kid = await newChild(server(), admin, { first_name: 'Doubled' });
    const at = '2025-02-01T00:00:00.000Z';
    const row = (subject: string, score: number, result_type = 'education', term: string | null = 'First Term') => ({
      orphan_id: kid, result_type, subject, term, exam_date: '2024-06-01', year: 2024, grade: 'A', total: result_type === 'discipline' ? null : 100, average: null, score, created_at: at, updated_at: at,
    });
    // Written as the old grid did: straight in, twice.
    await db.insertInto('results').values([row('Physics', 81), row('physics', 82), row('Physics', 83, 'education', 'Final'), row('Conduct', 90, 'discipline', null), row('Conduct', 91, 'discipline', 'Final')]).execute();
    const before = await count(server(), kid);

    const groups = (await findDuplicateResults(db)).filter((g) => g.orphan_id === kid);
    expect(groups.map((g) => [g.result_type, g.subject, g.term, g.results.map((r) => r.score)])).toEqual([
      ['education', 'Physics', 'First Term', [81, 82]],
      ['discipline', 'Conduct', null, [90, 91]],
    ]);
    const text = formatDuplicates(groups);
    expect(text).toContain(`Child #${kid} Doubled Sadat: education, Physics, First Term, 2024-06-01`);
    expect(text).toContain('81 / 100, grade A');
    expect(text).toContain('Nothing was changed.');
    expect(await count(server(), kid)).toBe(before);
    expect(formatDuplicates([])).toBe('No result is stored twice for the same assessment.');
  });
});
