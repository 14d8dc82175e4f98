import type { Kysely } from 'kysely';
import { assessmentKey } from '@app/shared/result-assessment';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { isMain } from './backup-files.ts';

/**
 * `npm run results:duplicates -w apps/server`: lists the results stored twice (or more) for one
 * assessment of a child — the same type, subject, term and exam date, or for discipline the same
 * subject and date (result-assessment.ts) — saved before the server refused a second one. It
 * changes nothing: which of two results is the right one is a teacher's call, made in the
 * dashboard (open each, keep one, delete the others).
 */

export interface DuplicateResult {
  id: number;
  score: number | null;
  total: number | null;
  grade: string;
  created_at: string;
}

export interface DuplicateGroup {
  orphan_id: number;
  name: string;
  in_trash: boolean;
  result_type: string;
  subject: string;
  term: string | null;
  exam_date: string;
  results: DuplicateResult[];
}

/** Children read per statement: bounded whatever the number of results. */
const CHILDREN_PER_PAGE = 500;

/** Every assessment of a child with more than one result, by child id, then exam date. */
export async function findDuplicateResults(db: Kysely<DB>): Promise<DuplicateGroup[]> {
  const groups: DuplicateGroup[] = [];
  for (let after = 0; ; ) {
    const children = await db
      .selectFrom('orphans')
      .select(['id', 'first_name', 'last_name', 'deleted_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(CHILDREN_PER_PAGE)
      .execute();
    if (children.length === 0) break;
    after = children.at(-1)!.id;
    const rows = await db
      .selectFrom('results')
      .select(['id', 'orphan_id', 'result_type', 'subject', 'term', 'exam_date', 'score', 'total', 'grade', 'created_at'])
      .where('orphan_id', 'in', children.map((c) => c.id))
      .orderBy('orphan_id')
      .orderBy('exam_date')
      .orderBy('id')
      .execute();
    const byKey = new Map<string, typeof rows>();
    for (const r of rows) {
      const key = `${r.orphan_id} ${assessmentKey(r)}`;
      byKey.set(key, [...(byKey.get(key) ?? []), r]);
    }
    const child = new Map(children.map((c) => [c.id, c]));
    for (const same of byKey.values()) {
      if (same.length < 2) continue;
      const first = same[0]!;
      const c = child.get(first.orphan_id)!;
      groups.push({
        orphan_id: first.orphan_id,
        name: `${c.first_name} ${c.last_name}`,
        in_trash: c.deleted_at !== null,
        result_type: first.result_type,
        subject: first.subject,
        term: first.result_type === 'discipline' ? null : first.term,
        exam_date: first.exam_date,
        results: same.map((r) => ({ id: r.id, score: r.score, total: r.total, grade: r.grade, created_at: r.created_at })),
      });
    }
  }
  return groups;
}

/** The report as printed: one paragraph per assessment, each result on its own line. */
export function formatDuplicates(groups: readonly DuplicateGroup[]): string {
  if (groups.length === 0) return 'No result is stored twice for the same assessment.';
  const count = groups.reduce((n, g) => n + g.results.length - 1, 0);
  const lines = [`${groups.length} ${groups.length === 1 ? 'assessment has' : 'assessments have'} more than one result (${count} extra). Nothing was changed.`, ''];
  for (const g of groups) {
    const what = [g.result_type, g.subject, g.term, g.exam_date].filter(Boolean).join(', ');
    lines.push(`Child #${g.orphan_id} ${g.name}${g.in_trash ? ' (in the trash)' : ''}: ${what}`);
    for (const r of g.results) {
      const marks = r.score === null ? 'no score' : r.total === null ? `score ${r.score}` : `${r.score} / ${r.total}`;
      lines.push(`  result #${r.id}: ${marks}, grade ${r.grade}, entered ${r.created_at}`);
    }
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}

if (isMain(import.meta.url)) {
  const database = openDatabase(loadConfig());
  try {
    console.log(formatDuplicates(await findDuplicateResults(database.db)));
  } catch (err) {
    console.error(`The duplicates report failed: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await database.destroy();
  }
}
