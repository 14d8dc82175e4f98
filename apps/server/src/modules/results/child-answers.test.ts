import fc from 'fast-check';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { fetchBytes } from '../../../test/fetch-bytes.ts';
import { call, describeEachDatabase, loginAdmin, type TestServer } from '../../../test/harness.ts';
import { up as migration0025 } from '../../db/migrations/0025-child-answers-gzipped.ts';
import { fillsDone, GZIP_FROM, readChildAnswer, type ChildAnswerKind } from '../../lib/child-answers.ts';
import type { StoredJson } from '../../lib/kept-answer-encodings.ts';
import { attendanceSummary, backfillAttendanceAnswers } from '../attendance/attendance.service.ts';
import { findActiveOrphan } from '../orphans/orphans.service.ts';
import { childResults, listed, refreshResultAnswers } from './results-answers.ts';
import { backfillResultsAnswers, orphanResults } from './results.service.ts';

/**
 * One child's academic answers kept in the database (lib/child-answers.ts, decision 0042): after
 * every kind of write the kept answer is the one built from rows, a stale or missing one is never
 * sent, a trashed child's answers are hidden, and the backfill fills children that have none.
 */

const CHILD = { first_name: 'Kept', last_name: 'Answers', father_name: 'Karim', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', class_grade: '4' };
const EDUCATION = { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, average: 78, score: 84 };
const DISCIPLINE = { result_type: 'discipline', subject: 'Conduct', exam_date: '2024-05-11', year: 2024, grade: 'A', ethics_score: 9, uniform_score: 8.5, relationship_score: 10, score: 92 };
const MONTH = { year: 2025, present_days: 18, absent_days: 2, late_days: 1, excused_days: 1, absence_reasons: 'Fever' };

const KINDS: ChildAnswerKind[] = ['results-list', 'results-summary', 'attendance-summary'];
const URL_OF: Record<ChildAnswerKind, (id: number) => string> = {
  'results-list': (id) => `/api/results?orphan_id=${id}`,
  'results-summary': (id) => `/api/orphans/${id}/results`,
  'attendance-summary': (id) => `/api/orphans/${id}/attendance-summary`,
};

/** The answer built from rows now, as the JSON sent (the path every read took before 0042); null: 404. */
async function rebuilt(server: TestServer, id: number, kind: ChildAnswerKind): Promise<string | null> {
  const ctx = { db: server.database.db };
  const notFound = (err: { status?: number }) => {
    if (err.status === 404) return null;
    throw err;
  };
  if (kind === 'results-summary') return orphanResults(ctx, id).then(JSON.stringify, notFound);
  if (kind === 'attendance-summary') return attendanceSummary(ctx, id).then(JSON.stringify, notFound);
  const child = await findActiveOrphan(ctx.db, id);
  return JSON.stringify(child ? listed(await childResults(ctx.db, id), child) : listed([]));
}

/** A stored answer's JSON, inflated when it is kept gzipped. */
function jsonOf(stored: StoredJson): string {
  return (stored.gzipped ? gunzipSync(stored.bytes) : stored.bytes).toString();
}

async function newChild(server: TestServer, token: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await call(server, 'POST', '/api/orphans', { token, body: { ...CHILD, ...fields } });
  if (res.status !== 200 && res.status !== 201) throw new Error(`child: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

describeEachDatabase('kept academic answers per child', (server, dialect) => {
  let admin: string;
  beforeAll(async () => {
    admin = await loginAdmin(server());
  });

  const newChildOf = (fields: Record<string, unknown> = {}) => newChild(server(), admin, fields);
  const ok = async (method: string, url: string, body?: unknown) => {
    const res = await call(server(), method, url, { token: admin, body });
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };

  /** Each kind: the kept answer, when current, is the rebuilt one; what is sent is the rebuilt one either way. */
  async function expectCurrent(id: number, { kept = true }: { kept?: boolean } = {}) {
    for (const kind of KINDS) {
      const want = await rebuilt(server(), id, kind);
      const stored = await readChildAnswer(server().database.db, id, kind);
      if (stored) expect(jsonOf(stored), kind).toBe(want);
      else if (kept) expect.fail(`${kind} of child ${id}: none kept`);
      // A trashed child's answers are deleted with the trashing (a trigger).
      if (want === null) expect(stored, kind).toBeUndefined();
      const res = await call(server(), 'GET', URL_OF[kind](id), { token: admin });
      if (want === null) expect(res.status, kind).toBe(404);
      else expect(JSON.stringify(res.body), kind).toBe(want);
    }
  }

  it('keeps each answer equal to the one built from rows through creates, edits, deletes and a batch, for both children a batch names', async () => {
    const [a, b] = [await newChildOf(), await newChildOf({ first_name: 'Other' })];
    const r1 = (await ok('POST', '/api/results', { ...EDUCATION, orphan_id: a })).data;
    await ok('POST', '/api/results', { ...DISCIPLINE, orphan_id: a });
    await ok('POST', '/api/results', { ...DISCIPLINE, orphan_id: b });
    const m1 = (await ok('POST', '/api/attendances', { ...MONTH, month: 1, orphan_id: a })).data;
    await expectCurrent(a);

    await ok('PUT', `/api/results/${r1.id}`, { ...EDUCATION, orphan_id: a, score: 51, updated_at: r1.updated_at });
    await ok('PUT', `/api/attendances/${m1.id}`, { ...MONTH, month: 1, orphan_id: a, present_days: 3, updated_at: m1.updated_at });
    await expectCurrent(a);
    expect(JSON.parse((await rebuilt(server(), a, 'results-list'))!).data.map((r: { score: number }) => r.score)).toContain(51);

    const rows = [a, b].map((orphan_id) => ({ orphan_id, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 }));
    await ok('POST', '/api/attendances/batch', { month: 2, year: 2025, rows });
    await ok('POST', '/api/attendances/batch', { month: 2, year: 2025, rows: rows.map((r) => ({ ...r, present_days: 7 })) });
    await expectCurrent(a);
    await expectCurrent(b);

    await ok('DELETE', `/api/results/${r1.id}`);
    await ok('DELETE', `/api/attendances/${m1.id}`);
    await expectCurrent(a);
  });

  it('keeps a large answer gzipped, sent as it is to a client that accepts gzip and inflated for others, and a small one as it is for everyone', async () => {
    const a = await newChildOf();
    for (let k = 0; k < 12; k++) await ok('POST', '/api/results', { ...EDUCATION, orphan_id: a, subject: `Subject ${k + 1}`, score: 40 + k, average: 40 + k });
    for (let month = 1; month <= 9; month++) await ok('POST', '/api/attendances', { ...MONTH, month, orphan_id: a });
    const get = (kind: ChildAnswerKind, acceptEncoding?: string) =>
      fetchBytes(server(), URL_OF[kind](a), { Authorization: `Bearer ${admin}`, ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }) });
    for (const kind of KINDS) {
      const want = (await rebuilt(server(), a, kind))!;
      const stored = (await readChildAnswer(server().database.db, a, kind))!;
      expect(jsonOf(stored), kind).toBe(want);
      // From 4 KB of JSON: a child's twelve results are; nine months of attendance are not.
      expect([kind, stored.gzipped], kind).toEqual([kind, want.length >= GZIP_FROM]);
      expect(stored.gzipped, kind).toBe(kind !== 'attendance-summary');
      if (!stored.gzipped) {
        for (const header of ['gzip, deflate, br, zstd', undefined]) {
          const res = await get(kind, header);
          expect([res.status, res.headers.get('content-encoding'), res.headers.get('vary'), res.body.toString()], `${kind}, ${header}`).toEqual([200, null, null, want]);
        }
        continue;
      }
      expect(stored.bytes.length, kind).toBeLessThan(want.length / 3);
      for (const header of ['gzip, deflate, br, zstd', 'gzip', '*']) {
        const res = await get(kind, header);
        expect([res.status, res.headers.get('content-encoding'), res.headers.get('vary')], `${kind}, ${header}`).toEqual([200, 'gzip', 'Accept-Encoding']);
        expect(res.body.equals(stored.bytes), `${kind}, ${header}`).toBe(true);
      }
      for (const header of [undefined, 'br', 'gzip;q=0, br', 'identity']) {
        const res = await get(kind, header);
        expect([res.status, res.headers.get('content-encoding'), res.headers.get('vary'), res.headers.get('content-type')], `${kind}, ${header}`).toEqual([
          200,
          null,
          'Accept-Encoding',
          'application/json; charset=utf-8',
        ]);
        expect(res.body.toString(), `${kind}, ${header}`).toBe(want);
      }
    }
  });

  it('answers a renamed or restored child from rows until its answers are filled again, hides a trashed child and drops a purged one\'s', async () => {
    const a = await newChildOf();
    await ok('POST', '/api/results', { ...EDUCATION, orphan_id: a });
    await ok('POST', '/api/attendances', { ...MONTH, month: 3, orphan_id: a });
    await expectCurrent(a);

    await ok('PUT', `/api/orphans/${a}`, { ...CHILD, first_name: 'Renamed' });
    // The names changed: the answers are gone with them, the rows answer (and ask for a fill).
    for (const kind of KINDS) expect(await readChildAnswer(server().database.db, a, kind)).toBeUndefined();
    await expectCurrent(a, { kept: false });
    expect((await call(server(), 'GET', URL_OF['results-list'](a), { token: admin })).body.data[0].orphan_name).toBe('Renamed Answers');
    await fillsDone(server().app.writes);
    await expectCurrent(a);

    await ok('DELETE', `/api/orphans/${a}`);
    expect((await call(server(), 'GET', URL_OF['results-summary'](a), { token: admin })).status).toBe(404);
    expect((await call(server(), 'GET', URL_OF['attendance-summary'](a), { token: admin })).status).toBe(404);
    expect((await call(server(), 'GET', URL_OF['results-list'](a), { token: admin })).body).toEqual({ data: [], truncated: false });
    await expectCurrent(a, { kept: false });

    await ok('POST', `/api/orphans/${a}/restore`);
    await expectCurrent(a, { kept: false });
    await fillsDone(server().app.writes);
    await expectCurrent(a);
    // An edit that changes nothing an answer shows keeps them.
    await ok('PUT', `/api/orphans/${a}`, { ...CHILD, first_name: 'Renamed', class_grade: '5' });
    await expectCurrent(a);

    await ok('DELETE', `/api/orphans/${a}`);
    await ok('DELETE', `/api/orphans/${a}/purge`);
    const left = await server().database.db.selectFrom('child_answers').select('kind').where('orphan_id', '=', a).execute();
    expect(left).toEqual([]);
  });

  it('drops a child\'s answers when its rows change outside the write procedures, and the backfill fills children with records but no answers', async () => {
    const [a, b, none] = [await newChildOf(), await newChildOf({ first_name: 'Backfilled' }), await newChildOf({ first_name: 'Nothing' })];
    await ok('POST', '/api/results', { ...EDUCATION, orphan_id: a });
    await ok('POST', '/api/attendances', { ...MONTH, month: 4, orphan_id: a });
    const at = new Date().toISOString();
    // A script's writes: the triggers drop the answers built from the changed table.
    await server().database.db.insertInto('results').values({ orphan_id: a, result_type: 'education', subject: 'Science', term: 'Final', exam_date: '2025-12-01', year: 2025, grade: 'A', total: 100, average: 90, score: 90, created_at: at, updated_at: at }).execute();
    await server().database.db.insertInto('attendances').values({ orphan_id: b, month: 5, year: 2025, present_days: 1, absent_days: 0, late_days: 0, excused_days: 0, created_at: at, updated_at: at }).execute();
    expect(await readChildAnswer(server().database.db, a, 'results-summary')).toBeUndefined();
    expect(await readChildAnswer(server().database.db, a, 'attendance-summary')).toBeDefined();
    await expectCurrent(a, { kept: false });
    await fillsDone(server().app.writes);

    // As after migration 0024 on a database with records: none kept, both backfills to run.
    await server().database.db.deleteFrom('child_answers').where('orphan_id', 'in', [a, b]).execute();
    await server().database.db.updateTable('counters').set({ value: 1 }).where('name', 'in', ['results_answers_backfill', 'attendance_answers_backfill']).execute();
    // Two children looked at and one filled per write: the backfill goes on from where each stopped.
    const ctx = { db: server().database.db, writes: server().app.writes };
    expect(await backfillResultsAnswers(ctx, () => false, { scan: 2, limit: 1 })).toBe(1);
    expect(await backfillAttendanceAnswers(ctx, () => false, { scan: 2, limit: 1 })).toBe(2);
    await expectCurrent(a);
    expect(await readChildAnswer(server().database.db, b, 'attendance-summary')).toBeDefined();
    await expectCurrent(b, { kept: false });
    const ofNone = await server().database.db.selectFrom('child_answers').select('kind').where('orphan_id', '=', none).execute();
    expect(ofNone).toEqual([]);
    await expectCurrent(none, { kept: false });
    // Done once it has been through every child: a later start scans nothing, fills nothing.
    await server().database.db.deleteFrom('child_answers').where('orphan_id', '=', a).execute();
    expect(await backfillResultsAnswers(ctx, () => false)).toBe(0);
  });

  it.runIf(dialect === 'postgres')('never keeps an answer rebuilt beside a write that changed its rows without rebuilding it (the triggers wait for the child\'s lock)', async () => {
    const a = await newChildOf({ first_name: 'Locked' });
    await ok('POST', '/api/results', { ...EDUCATION, orphan_id: a });
    const db = server().database.db;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let built!: () => void;
    const builtYet = new Promise<void>((r) => (built = r));
    // None kept (as after a rename): the fill inserts its answers rather than updating a row a delete would wait for.
    await db.deleteFrom('child_answers').where('orphan_id', '=', a).execute();
    // A rebuild (a fill) in a transaction left open after it built the answers from one result.
    const fill = db.transaction().execute(async (trx) => {
      await refreshResultAnswers(trx, [a]);
      built();
      await held;
    });
    await builtYet;
    const at = new Date().toISOString();
    // A script's write beside it: its trigger must wait for the fill's lock, then delete what the fill stored.
    let inserted = false;
    const insert = db
      .insertInto('results')
      .values({ orphan_id: a, result_type: 'education', subject: 'Science', term: 'Final', exam_date: '2025-12-01', year: 2025, grade: 'A', total: 100, average: 90, score: 90, created_at: at, updated_at: at })
      .execute()
      .then(() => (inserted = true));
    // Until the insert is seen waiting for a lock (or has finished: the fault this test is for).
    for (;;) {
      const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted`.execute(db);
      if (inserted || waiting.rows[0]!.n > 0) break;
    }
    release();
    await fill;
    await insert;
    await expectCurrent(a, { kept: false });
    expect(JSON.parse((await rebuilt(server(), a, 'results-list'))!).data).toHaveLength(2);
  });

  it('keeps the answers equal to those built from rows after any sequence of writes (property)', async () => {
    const [a, b] = [await newChildOf({ first_name: 'Prop' }), await newChildOf({ first_name: 'Erty' })];
    const op = fc.oneof(
      fc.record({ t: fc.constant('result' as const), child: fc.constantFrom(a, b), score: fc.integer({ min: 0, max: 100 }), year: fc.constantFrom(2023, 2024, 2025) }),
      fc.record({ t: fc.constant('editResult' as const), pick: fc.nat(), score: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ t: fc.constant('deleteResult' as const), pick: fc.nat() }),
      fc.record({ t: fc.constant('month' as const), child: fc.constantFrom(a, b), month: fc.integer({ min: 1, max: 12 }), present: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ t: fc.constant('batch' as const), month: fc.integer({ min: 1, max: 12 }), present: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ t: fc.constant('deleteMonth' as const), pick: fc.nat() }),
      fc.record({ t: fc.constant('rename' as const), child: fc.constantFrom(a, b), name: fc.constantFrom('Ada', 'Bahar', 'Zarmina') }),
      fc.record({ t: fc.constant('trashRestore' as const), child: fc.constantFrom(a, b) }),
    );
    let subjects = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          const results = await server().database.db.selectFrom('results').select(['id', 'orphan_id', 'subject', 'exam_date', 'year', 'updated_at']).where('orphan_id', 'in', [a, b]).orderBy('id').execute();
          const months = await server().database.db.selectFrom('attendances').select(['id', 'orphan_id', 'month', 'updated_at']).where('orphan_id', 'in', [a, b]).orderBy('id').execute();
          // A subject of its own each time: one result per assessment.
          if (o.t === 'result') await ok('POST', '/api/results', { ...EDUCATION, orphan_id: o.child, subject: `Subject ${++subjects}`, score: o.score, year: o.year, exam_date: `${o.year}-05-10` });
          else if (o.t === 'editResult' && results.length) {
            const r = results[o.pick % results.length]!;
            await ok('PUT', `/api/results/${r.id}`, { ...EDUCATION, orphan_id: r.orphan_id, subject: r.subject, exam_date: r.exam_date, year: r.year, score: o.score, updated_at: r.updated_at });
          } else if (o.t === 'deleteResult' && results.length) await ok('DELETE', `/api/results/${results[o.pick % results.length]!.id}`);
          else if (o.t === 'month') {
            const existing = months.find((m) => m.orphan_id === o.child && m.month === o.month);
            if (existing) await ok('PUT', `/api/attendances/${existing.id}`, { ...MONTH, month: o.month, orphan_id: o.child, present_days: o.present, updated_at: existing.updated_at });
            else await ok('POST', '/api/attendances', { ...MONTH, month: o.month, orphan_id: o.child, present_days: o.present });
          } else if (o.t === 'batch') {
            await ok('POST', '/api/attendances/batch', { month: o.month, year: 2025, rows: [a, b].map((orphan_id) => ({ orphan_id, present_days: o.present, absent_days: 0, late_days: 0, excused_days: 0 })) });
          } else if (o.t === 'deleteMonth' && months.length) await ok('DELETE', `/api/attendances/${months[o.pick % months.length]!.id}`);
          else if (o.t === 'rename') await ok('PUT', `/api/orphans/${o.child}`, { ...CHILD, first_name: o.name });
          else if (o.t === 'trashRestore') {
            await ok('DELETE', `/api/orphans/${o.child}`);
            await expectCurrent(o.child, { kept: false });
            await ok('POST', `/api/orphans/${o.child}/restore`);
          }
          await expectCurrent(a, { kept: false });
          await expectCurrent(b, { kept: false });
        }
        await fillsDone(server().app.writes);
        await expectCurrent(a);
        await expectCurrent(b);
      }),
      { numRuns: 12 },
    );
  });

  it('upgrades a database whose answers were kept as plain JSON: migration 0025 deletes them and the backfill keeps them again', async () => {
    const db = server().database.db;
    const a = await newChildOf({ first_name: 'Upgraded' });
    await ok('POST', '/api/results', { ...EDUCATION, orphan_id: a });
    await ok('POST', '/api/attendances', { ...MONTH, month: 6, orphan_id: a });
    // The database as 0024 left it: a text column on PostgreSQL, a child's answer as its JSON, no backfill to run.
    await db.deleteFrom('child_answers').execute();
    if (dialect === 'postgres') await sql`alter table child_answers alter column body type text using convert_from(body, 'UTF8')`.execute(db);
    const plain = (await rebuilt(server(), a, 'results-summary'))!;
    await sql`insert into child_answers (orphan_id, kind, body) values (${a}, 'results-summary', ${plain})`.execute(db);
    await db.updateTable('counters').set({ value: 0 }).where('name', 'in', ['results_answers_backfill', 'attendance_answers_backfill']).execute();
    // 0025 runs again on it (as the migrator would: later migrations have run since, so it is called itself).
    await migration0025(db as never, dialect);
    expect(await db.selectFrom('child_answers').select('kind').execute()).toEqual([]);
    const markers = await db.selectFrom('counters').select(['name', 'value']).where('name', 'in', ['results_answers_backfill', 'attendance_answers_backfill']).orderBy('name').execute();
    expect(markers.map((m) => [m.name, Number(m.value)])).toEqual([['attendance_answers_backfill', 1], ['results_answers_backfill', 1]]);
    // Until the backfill runs, the rows answer.
    await expectCurrent(a, { kept: false });
    const ctx = { db, writes: server().app.writes, changes: server().app.changes };
    expect(await backfillResultsAnswers(ctx, () => false)).toBeGreaterThan(0);
    expect(await backfillAttendanceAnswers(ctx, () => false)).toBeGreaterThan(0);
    await expectCurrent(a);
  });
});
