import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { IMPORT_MESSAGES as MSG, type importCommitSchema } from '@app/shared/schemas/import.schema';
import type { AttendanceData } from '@app/shared/schemas/attendance.schema';
import type { ResultData } from '@app/shared/schemas/result.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { attendanceImports, toValues as attendanceValuesOf } from '../attendance/attendance.service.ts';
import { resultImports, toValues as resultValuesOf } from '../results/results.service.ts';
import type { CheckedRow } from './orphan-import-rows.ts';
import type { RecordData, RecordKind } from './record-import-rows.ts';
import * as repo from './imports.repository.ts';
import { openStaged, sealStaged } from './import-rows-sealing.ts';

/**
 * The commit and undo of an import of results or attendance, inside one transaction
 * (imports.service runs them). Every record goes through its module's own writes — the form's
 * rules (a grade from the percentage, one result per assessment, one record per month, no month
 * before admission) and their activity entries, each naming its child — so an imported record is
 * stored exactly as a typed one.
 */

type CommitBody = z.output<typeof importCommitSchema>;

const made = (r: { id: number; updated_at: string }) => ({ id: r.id, version: r.updated_at });

/** The writes of one kind of record, in the shape the commit and undo use. */
function recordWrites(kind: RecordKind, trx: Transaction<DB>, siteId: number, userId: number) {
  // Only the import's own site: a record of a child elsewhere is one that does not exist.
  const scope = { ids: [siteId] };
  if (kind === 'results') {
    return {
      create: async (d: RecordData) => made(await resultImports.createResult(trx, { scope, values: resultValuesOf(d as ResultData), userId })),
      update: async (id: number, d: RecordData) => (await resultImports.updateResult(trx, { scope, id, values: resultValuesOf(d as ResultData), userId })).updated_at,
      valuesOf: (id: number) => resultImports.resultValues(trx, id),
      restore: async (id: number, values: unknown) => (await resultImports.updateResult(trx, { scope, id, values: values as resultImports.ResultValues, userId })).updated_at,
      remove: (id: number) => resultImports.deleteResult(trx, { scope, id, userId }),
      versions: (ids: readonly number[]) => resultImports.resultVersions(trx, ids),
    };
  }
  return {
    create: async (d: RecordData) => made(await attendanceImports.createAttendance(trx, { scope, values: attendanceValuesOf(d as AttendanceData), userId })),
    update: async (id: number, d: RecordData) => (await attendanceImports.updateAttendance(trx, { scope, id, values: attendanceValuesOf(d as AttendanceData), userId })).updated_at,
    valuesOf: (id: number) => attendanceImports.attendanceValues(trx, id),
    restore: async (id: number, values: unknown) => (await attendanceImports.updateAttendance(trx, { scope, id, values: values as attendanceImports.AttendanceValues, userId })).updated_at,
    remove: (id: number) => attendanceImports.deleteAttendance(trx, { scope, id, userId }),
    versions: (ids: readonly number[]) => attendanceImports.attendanceVersions(trx, ids),
  };
}

/** A form's refusal of a row (say, a month before the child's admission) names the row it came from. */
async function asRow<T>(number: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof AppError && err.status === 422) throw AppError.validation(`rows.${number}`, err.message);
    throw err;
  }
}

export function recordCommitter(trx: Transaction<DB>, rec: repo.ImportRecord, userId: number, body: CommitBody) {
  const kind = rec.kind as RecordKind;
  const writes = recordWrites(kind, trx, rec.site_id, userId);
  const counts = { created: 0, updated: 0, skipped: 0 };
  // The record each key was written to by this commit: a later row of it updates it, or is skipped.
  const written = new Map<string, number>();
  const created = new Set<number>();
  const touched = new Set<number>();

  return {
    async row(id: number, number: number, checked: CheckedRow<RecordData>, dup: { row: number | null; id: number | null }) {
      if (!checked.data || !checked.key) {
        await repo.updateRow(trx, id, { action: 'skipped' });
        return;
      }
      const data = checked.data;
      const target = written.get(checked.key) ?? dup.id;
      if (target !== null) {
        const choice = body.choices?.[String(number)] ?? body.duplicates;
        if (choice === 'skip') {
          await repo.updateRow(trx, id, { action: 'skipped', record_id: target });
          return;
        }
        // Put back on undo as it was before the import's first change (an added one is removed).
        const before = created.has(target) || touched.has(target) ? null : await writes.valuesOf(target);
        const version = await asRow(number, () => writes.update(target, data));
        touched.add(target);
        counts.updated++;
        await repo.updateRow(trx, id, { action: 'updated', record_id: target, before: before ? sealStaged(rec.id, number, 'before', JSON.stringify(before)) : null, version });
        await trx.updateTable('import_rows').set({ version }).where('import_id', '=', rec.id).where('record_id', '=', target).where('action', 'in', ['updated', 'created']).execute();
        return;
      }
      const made = await asRow(number, () => writes.create(data));
      written.set(checked.key, made.id);
      created.add(made.id);
      counts.created++;
      await repo.updateRow(trx, id, { action: 'created', record_id: made.id, version: made.version });
    },
    async finish(rows: number) {
      counts.skipped = rows - counts.created - counts.updated;
      await repo.updateImport(trx, rec.id, { created_count: counts.created, updated_count: counts.updated, skipped_count: counts.skipped });
      await logActivity(trx, { userId, type: kind === 'attendance' ? 'attendance' : 'other', action: 'imported', subjectType: 'import', subjectId: rec.id, name: rec.file_name, properties: { kind, ...counts } });
      return counts;
    },
  };
}

/**
 * Remove the records the import added and give those it updated their values back — unless any
 * of them changed since (or was removed): then nothing is undone, and the answer lists them.
 */
export async function undoRecords(trx: Transaction<DB>, rec: repo.ImportRecord, userId: number): Promise<{ removed: number; restored: number }> {
  if (!(await repo.updateImport(trx, rec.id, { status: 'undone', undone_at: nowIso() }, 'committed'))) throw AppError.conflict(MSG.notCommitted);
  const kind = rec.kind as RecordKind;
  const writes = recordWrites(kind, trx, rec.site_id, userId);
  const rows = await repo.committedRows(trx, rec.id);
  const created = rows.filter((r) => r.action === 'created');
  const added = new Set(created.map((r) => r.record_id));
  const updated = rows.filter((r) => r.action === 'updated' && r.before !== null && !added.has(r.record_id));
  const versions = new Map(rows.map((r) => [r.record_id!, r.version!]));
  const now = await writes.versions([...versions.keys()]);
  const changed = [...versions].filter(([id, version]) => now.get(id) !== version).map(([id]) => String(id));
  if (changed.length) throw new AppError(409, MSG.undoChanged, { records: changed });
  for (const r of created) await writes.remove(r.record_id!);
  for (const r of updated) await writes.restore(r.record_id!, JSON.parse(openStaged(r, 'before', r.before!)));
  const counts = { removed: created.length, restored: updated.length };
  await logActivity(trx, { userId, type: kind === 'attendance' ? 'attendance' : 'other', action: 'import_undone', subjectType: 'import', subjectId: rec.id, name: rec.file_name, properties: { kind, ...counts } });
  return counts;
}
