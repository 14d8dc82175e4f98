import { sql, type Kysely } from 'kysely';
import { gradeForMarks } from '@app/shared/grade-bands';
import type { Dialect } from '../../config.ts';
import { nowIso } from '../../lib/time.ts';

/**
 * Education grades were derived from the raw score, as if every total were 100 (72 of 80 was a
 * B, 45 of 50 an F). From now on the grade is the band of the score's percentage of the total
 * (grade-bands.ts); this regrades the results stored before with that same function, and writes
 * one Activity Log entry saying how many it changed (none on a database that had nothing to
 * change). The results' `updated_at` stays: nobody edited them, and an editor's open form does
 * not turn stale for it.
 *
 * A child's kept results answers (migration 0024) carried averages of raw scores and no
 * percentages: they are deleted wherever that table still exists, and their backfill asked to
 * run again, as migration 0025 did; until it has, a read builds the answer from rows.
 */

/** Rows read and rows updated per statement: bounded whatever the number of results. */
const PAGE = 1000;

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const changed: Array<{ id: number; grade: string }> = [];
  for (let after = 0; ; ) {
    const page = await sql<{ id: number; score: number | null; total: number | null; grade: string }>`
      select id, score, total, grade from results
      where result_type = 'education' and id > ${after} order by id limit ${PAGE}`.execute(db);
    for (const r of page.rows) {
      if (r.score === null || r.total === null) continue;
      const grade = gradeForMarks(Number(r.score), Number(r.total));
      if (grade !== r.grade) changed.push({ id: Number(r.id), grade });
    }
    if (page.rows.length < PAGE) break;
    after = Number(page.rows.at(-1)!.id);
  }

  const byGrade = new Map<string, number[]>();
  for (const c of changed) byGrade.set(c.grade, [...(byGrade.get(c.grade) ?? []), c.id]);
  for (const [grade, ids] of byGrade) {
    for (let i = 0; i < ids.length; i += PAGE) {
      await sql`update results set grade = ${grade} where id in (${sql.join(ids.slice(i, i + PAGE))})`.execute(db);
    }
  }

  if (changed.length > 0) {
    const name = `Education grades recalculated from the percentage of total marks: ${changed.length} ${changed.length === 1 ? 'result' : 'results'} regraded`;
    const properties = JSON.stringify({ regraded: changed.length, by_grade: Object.fromEntries([...byGrade].map(([g, ids]) => [g, ids.length])) });
    await sql`insert into activities (user_id, type, action, subject_type, subject_id, name, properties, created_at)
      values (null, 'other', 'regraded', 'result', null, ${name}, ${properties}, ${nowIso()})`.execute(db);
  }

  const tables = await db.introspection.getTables();
  if (tables.some((t) => t.name === 'child_answers')) {
    await sql`delete from child_answers where kind in ('results-list', 'results-summary')`.execute(db);
    await sql`update counters set value = case when exists (select 1 from results) then 1 else 0 end where name = 'results_answers_backfill'`.execute(db);
  }
}
