import type { Kysely } from 'kysely';

/**
 * One child's attendance summary (GET /orphans/{id}/attendance-summary) read from an index alone:
 * attendances (orphan_id, year, month, the four counts). The unique (orphan_id, year, month) key
 * finds a child's months too, but then each month's counts cost a lookup of its table row: at
 * 100,000 children the summary's twelve rows took about twice as long
 * (docs/benchmarks/2026-11-24-academic-reads-per-child.md). Its plan test:
 * modules/attendance/attendance-plans.test.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('attendances_child_counts_idx')
    .on('attendances')
    .columns(['orphan_id', 'year', 'month', 'present_days', 'absent_days', 'late_days', 'excused_days'])
    .execute();
}
