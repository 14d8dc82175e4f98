import type { Kysely } from 'kysely';
import type { Language } from '@app/shared/i18n/languages';
import { localiseMessage } from '@app/shared/i18n/localise';
import { can, type AccessSubject } from '@app/shared/permissions';
import {
  fillImportMessage,
  IMPORT_FIELDS,
  IMPORT_MESSAGES as MSG,
  IMPORT_ROWS_PER_PAGE,
  IMPORT_UNDO_DAYS,
  type ImportCommitResponse,
  type ImportKind,
  type ImportList,
  type ImportPreview,
  type ImportRow,
  type ImportRowsPage,
  type ImportSummary,
  type ImportUndoResponse,
  type importCommitSchema,
} from '@app/shared/schemas/import.schema';
import type { z } from 'zod';
import { classOfField, editPermissionOf } from '@app/shared/sensitivity';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { nowIso } from '../../lib/time.ts';
import type { SiteScope } from '../orphans/orphans.service.ts';
import { siteForChild } from '../sites/sites.service.ts';
import { sheetKindOf, sheetRows } from './import-file.ts';
import { parseImportDate } from './import-dates.ts';
import { findHeadings } from './import-heading-rows.ts';
import { orphanFieldOfHeading } from './orphan-import-fields.ts';
import { checkOrphanRow, type CheckedRow, type RowError } from './orphan-import-rows.ts';
import { DuplicateFinder } from './import-duplicates.ts';
import { recordFieldOfHeading } from './record-import-fields.ts';
import { readRecordRow, RecordChecker, type RecordData } from './record-import-rows.ts';
import { recordCommitter, undoRecords } from './record-imports.writes.ts';
import * as repo from './imports.repository.ts';
import { sealStaged, stagedCells } from './import-rows-sealing.ts';

/** The staged rows' sealing, for the start-up, the rotation and their tests. */
export { openStaged } from './import-rows-sealing.ts';
export { IMPORT_ROWS_KEY_ROW, recordImportRowsSealed, sealImportRows, sealLeftoverImportRows } from './import-rows-seal.ts';
import * as writes from './imports.writes.ts';

export interface ImportContext {
  db: Kysely<DB>;
  scope: SiteScope;
  sites: readonly { id: number }[];
  user: AccessSubject & { id: number };
  language: Language;
}

/** The permission that records of each kind are created with: importing them takes it too. */
const CREATES: Record<ImportKind, 'create-orphans' | 'create-results' | 'create-attendance'> = {
  orphans: 'create-orphans',
  results: 'create-results',
  attendance: 'create-attendance',
};

const CHUNK = 500;

type AnyCheckedRow = CheckedRow | CheckedRow<RecordData>;

/** A row read into its fields and its own errors (what the preview shows; the references are checked in checkChunks). */
function readerOf(kind: ImportKind): (cells: readonly string[], mapping: readonly (string | null)[]) => AnyCheckedRow {
  if (kind === 'orphans') return checkOrphanRow;
  return (cells, mapping) => readRecordRow(kind, cells, mapping);
}

function fieldOfHeading(kind: ImportKind, heading: string): string | null {
  return kind === 'orphans' ? orphanFieldOfHeading(heading) : recordFieldOfHeading(kind, heading);
}

/** Checks a chunk of rows: each row's outcome and the row or record it repeats. */
function chunkChecker(db: repo.Db, rec: { kind: ImportKind; site_id: number }, mapping: readonly (string | null)[]) {
  if (rec.kind !== 'orphans') {
    const records = new RecordChecker(db, rec.kind, rec.site_id);
    return (chunk: ReadonlyArray<{ number: number; cells: string[] }>) => records.check(chunk, mapping);
  }
  const finder = new DuplicateFinder(db, rec.site_id);
  return async (chunk: ReadonlyArray<{ number: number; cells: string[] }>) => {
    const checked = chunk.map((r) => checkOrphanRow(r.cells, mapping));
    const dups = await finder.find(chunk.map((r, i) => ({ number: r.number, key: checked[i]!.key })));
    return checked.map((c, i) => ({ checked: c as AnyCheckedRow, dup: dups[i]! }));
  };
}

/**
 * The fields this user may fill: a sensitive field (shared/sensitivity.ts) only with its class's
 * edit permission, as the form writes it. A profile part is named `profile.<part>` there.
 */
function fieldsFor(user: AccessSubject, kind: ImportKind): string[] {
  return IMPORT_FIELDS[kind].filter((f) => {
    const cls = classOfField(f) ?? classOfField(`profile.${f}`);
    return !cls || can(user, editPermissionOf(cls));
  });
}

/** Each heading's field, the first column of a field taking it (a second is left for the user to map). */
export function proposedMapping(kind: ImportKind, headings: readonly string[], allowed: readonly string[]): (string | null)[] {
  const taken = new Set<string>();
  return headings.map((h) => {
    const field = fieldOfHeading(kind, h);
    if (!field || taken.has(field) || !allowed.includes(field)) return null;
    taken.add(field);
    return field;
  });
}

/** A first row of values, not headings: nothing in it names a field and much of it is numbers or dates. */
function looksLikeData(headings: readonly string[], mapping: readonly (string | null)[]): boolean {
  if (mapping.some(Boolean)) return false;
  const filled = headings.filter((h) => h !== '');
  if (!filled.length) return true;
  const valueLike = filled.filter((h) => /^[\d\s.,/\-+]+$/.test(h) || 'iso' in parseImportDate(h)).length;
  return valueLike * 2 >= filled.length;
}

// ---------------------------------------------------------------------------------------------
// Checking every row: at upload, after a mapping changes, and again inside the commit.

interface Pass {
  rows: number;
  errors: number;
  duplicates: number;
}

/** Check rows a chunk at a time, duplicates within the file (in sheet order) and against the site; `each` gets every row's outcome. */
async function checkChunks<R extends { number: number; cells: string[] }>(
  db: repo.Db,
  rec: { kind: ImportKind; site_id: number },
  mapping: readonly (string | null)[],
  chunks: AsyncIterable<R[]>,
  each: (row: R, checked: AnyCheckedRow, duplicate: { row: number | null; id: number | null }) => Promise<void> | void,
): Promise<Pass> {
  const check = chunkChecker(db, rec, mapping);
  const pass: Pass = { rows: 0, errors: 0, duplicates: 0 };
  for await (const chunk of chunks) {
    const outcomes = await check(chunk);
    for (let i = 0; i < chunk.length; i++) {
      const { checked, dup } = outcomes[i]!;
      pass.rows++;
      if (checked.errors.length) pass.errors++;
      if (dup.row !== null || dup.id !== null) pass.duplicates++;
      await each(chunk[i]!, checked, dup);
    }
  }
  return pass;
}

async function* storedChunks(db: repo.Db, importId: number): AsyncGenerator<repo.StagedRow[]> {
  let after = 0;
  for (;;) {
    const rows = await repo.rowsAfter(db, importId, after, CHUNK);
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1]!.row_number;
  }
}

const asCells = (r: repo.StagedRow) => ({ number: r.row_number, cells: stagedCells(r) });

async function* mapChunks<T, U>(source: AsyncIterable<T[]>, f: (t: T) => U): AsyncGenerator<U[]> {
  for await (const chunk of source) yield chunk.map(f);
}

async function* inChunks<T>(source: AsyncIterable<T>): AsyncGenerator<T[]> {
  let chunk: T[] = [];
  for await (const item of source) {
    chunk.push(item);
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

// ---------------------------------------------------------------------------------------------
// Answers

function summaryOf(rec: repo.ImportRecord, names: { site_name: string | null; user_name: string | null }): ImportSummary {
  const undoUntil = rec.committed_at ? Date.parse(rec.committed_at) + IMPORT_UNDO_DAYS * 86_400_000 : 0;
  return {
    id: rec.id,
    kind: rec.kind,
    site_id: rec.site_id,
    site_name: names.site_name ?? '',
    file_name: rec.file_name,
    status: rec.status,
    row_count: rec.row_count,
    error_count: rec.error_count,
    duplicate_count: rec.duplicate_count,
    created_count: rec.created_count,
    updated_count: rec.updated_count,
    skipped_count: rec.skipped_count,
    user: rec.user_id && names.user_name !== null ? { id: rec.user_id, name: names.user_name } : null,
    created_at: rec.created_at,
    committed_at: rec.committed_at,
    undone_at: rec.undone_at,
    can_undo: rec.status === 'committed' && Date.now() <= undoUntil,
  };
}

function rowAnswer(ctx: ImportContext, rec: repo.ImportRecord, row: repo.StagedRow, headings: string[], mapping: (string | null)[]): ImportRow {
  const cells = stagedCells(row);
  const stored = (row.errors ? JSON.parse(row.errors) : []) as RowError[];
  const checked = readerOf(rec.kind)(cells, mapping);
  const columnOf = (field: string) => {
    const i = mapping.indexOf(field);
    return i < 0 ? '' : (headings[i] ?? '');
  };
  return {
    row: row.row_number,
    cells,
    values: checked.values,
    errors: stored.map((e) => ({ field: e.field, column: columnOf(e.field), message: localiseMessage(e.message, ctx.language) })),
    duplicate: row.duplicate_row !== null || row.duplicate_id !== null ? { row: row.duplicate_row, id: row.duplicate_id } : null,
  };
}

async function loadImport(ctx: ImportContext, id: number): Promise<repo.ImportRecord> {
  const rec = await repo.findImport(ctx.db, ctx.scope, id);
  if (!rec || !can(ctx.user, CREATES[rec.kind])) throw AppError.notFound(MSG.notFound);
  return rec;
}

export async function importRows(ctx: ImportContext, id: number, q: { page: number; errors_only: boolean }): Promise<ImportRowsPage> {
  return rowsOf(ctx, await loadImport(ctx, id), q.page, q.errors_only);
}

async function rowsOf(ctx: ImportContext, rec: repo.ImportRecord, page: number, errorsOnly: boolean): Promise<ImportRowsPage> {
  const { rows, total } = await repo.rowsPage(ctx.db, rec.id, errorsOnly, IMPORT_ROWS_PER_PAGE, (page - 1) * IMPORT_ROWS_PER_PAGE);
  const headings = JSON.parse(rec.columns) as string[];
  const mapping = JSON.parse(rec.mapping) as (string | null)[];
  return { data: rows.map((r) => rowAnswer(ctx, rec, r, headings, mapping)), ...pageMeta(total, page, IMPORT_ROWS_PER_PAGE) };
}

async function previewOf(ctx: ImportContext, id: number): Promise<ImportPreview> {
  const rec = await loadImport(ctx, id);
  return {
    data: {
      import: summaryOf(rec, await repo.namesOf(ctx.db, rec)),
      columns: JSON.parse(rec.columns) as string[],
      mapping: JSON.parse(rec.mapping) as (string | null)[],
      fields: fieldsFor(ctx.user, rec.kind),
      rows: await rowsOf(ctx, rec, 1, false),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Upload

type SheetRow = { number: number; cells: string[] };

/** How far down a sheet its headings are looked for: below a title, a date or a merged banner. */
const HEADING_SEARCH_ROWS = 10;

/**
 * The heading row (or the two rows of a group heading over its columns): of the first rows, those
 * whose cells name the most fields (a title merged across the columns above them names none),
 * else the first; the rows above them are left out.
 */
async function headingRow(kind: ImportKind, rows: AsyncGenerator<SheetRow>, allowed: readonly string[]) {
  const first: SheetRow[] = [];
  for (let i = 0; i < HEADING_SEARCH_ROWS; i++) {
    const next = await rows.next();
    if (next.done) break;
    first.push(next.value);
  }
  if (!first.length) throw AppError.validation('file', MSG.fileEmpty);
  const named = (cells: readonly string[]) => proposedMapping(kind, cells, allowed).filter(Boolean).length;
  const { headings, last } = findHeadings(
    first.map((r) => r.cells),
    named,
    (heading) => fieldOfHeading(kind, heading) !== null,
  );
  async function* rest(): AsyncGenerator<SheetRow> {
    yield* first.slice(last + 1);
    yield* rows;
  }
  return { headings, mapping: proposedMapping(kind, headings, allowed), rest: rest() };
}

export interface UploadRequest {
  kind: ImportKind;
  siteId: unknown;
  file: { data: Buffer; filename: string } | undefined;
}

const errorsJson = (errors: RowError[]) => (errors.length ? JSON.stringify(errors) : null);

/**
 * Staged rows are written several thousand to a transaction: each commit waits for the disk
 * (SQLite's synchronous=FULL, PostgreSQL's synchronous commit), so a statement of its own each
 * would make a large file's preview mostly waiting; a few thousand small rows hold the writer
 * for milliseconds only.
 */
const STAGE_ROWS = 5000;
const stage = (db: Kysely<DB>, rows: Parameters<typeof repo.insertRows>[1]) => (rows.length ? db.transaction().execute((trx) => repo.insertRows(trx, rows)) : Promise.resolve());

/** Read the file, stage its rows with their errors and duplicates, and answer the preview. Nothing reaches the records. */
export async function uploadImport(ctx: ImportContext, req: UploadRequest): Promise<ImportPreview> {
  if (!can(ctx.user, CREATES[req.kind])) throw AppError.forbidden();
  const siteId = await siteForChild(ctx.db, ctx.scope, ctx.sites, req.siteId);
  if (!req.file) throw AppError.validation('file', MSG.fileRequired);
  const rows = sheetRows(req.file.data, sheetKindOf(req.file.data, req.file.filename));
  const allowed = fieldsFor(ctx.user, req.kind);
  const { headings, mapping, rest } = await headingRow(req.kind, rows, allowed);
  if (looksLikeData(headings, mapping)) throw AppError.validation('file', MSG.noHeader);
  const now = nowIso();
  const id = await repo.insertImport(ctx.db, {
    kind: req.kind,
    site_id: siteId,
    user_id: ctx.user.id,
    file_name: req.file.filename.slice(0, 255) || 'import',
    status: 'preview',
    columns: JSON.stringify(headings),
    mapping: JSON.stringify(mapping),
    row_count: 0,
    error_count: 0,
    duplicate_count: 0,
    created_at: now,
  });
  try {
    const staged: Parameters<typeof repo.insertRows>[1] = [];
    const width = headings.length;
    const pass = await checkChunks(ctx.db, { kind: req.kind, site_id: siteId }, mapping, inChunks(rest), async (row, checked, dup) => {
      staged.push({
        import_id: id,
        row_number: row.number,
        cells: sealStaged(id, row.number, 'cells', JSON.stringify(row.cells.slice(0, width))),
        errors: errorsJson(checked.errors),
        has_errors: checked.errors.length ? 1 : 0,
        duplicate_row: dup.row,
        duplicate_id: dup.id,
        action: null,
        record_id: null,
        before: null,
        version: null,
      });
      if (staged.length >= STAGE_ROWS) await stage(ctx.db, staged.splice(0));
    });
    await stage(ctx.db, staged);
    if (!pass.rows) throw AppError.validation('file', MSG.noRows);
    await repo.updateImport(ctx.db, id, { row_count: pass.rows, error_count: pass.errors, duplicate_count: pass.duplicates });
  } catch (err) {
    await repo.deleteImport(ctx.db, id);
    throw err;
  }
  return previewOf(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Mapping

export async function remapImport(ctx: ImportContext, id: number, mapping: (string | null)[]): Promise<ImportPreview> {
  const rec = await loadImport(ctx, id);
  if (rec.status !== 'preview') throw AppError.conflict(MSG.alreadyCommitted);
  const headings = JSON.parse(rec.columns) as string[];
  if (mapping.length !== headings.length) throw AppError.validation('mapping', MSG.mappingLength);
  const fields = new Set(fieldsFor(ctx.user, rec.kind));
  const seen = new Set<string>();
  for (const field of mapping) {
    if (field === null) continue;
    if (!fields.has(field)) throw AppError.validation('mapping', fillImportMessage(MSG.mappingUnknown, { field }));
    if (seen.has(field)) throw AppError.validation('mapping', fillImportMessage(MSG.mappedTwice, { field }));
    seen.add(field);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const pass = await checkChunks(trx, rec, mapping, mapChunks(storedChunks(trx, id), (r) => ({ ...asCells(r), id: r.id })), async (row, checked, dup) => {
      await repo.updateRow(trx, row.id, { errors: errorsJson(checked.errors), has_errors: checked.errors.length ? 1 : 0, duplicate_row: dup.row, duplicate_id: dup.id });
    });
    await repo.updateImport(trx, id, { mapping: JSON.stringify(mapping), error_count: pass.errors, duplicate_count: pass.duplicates });
  });
  return previewOf(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Commit and undo

export async function commitImport(ctx: ImportContext, id: number, body: z.output<typeof importCommitSchema>): Promise<ImportCommitResponse> {
  const rec = await loadImport(ctx, id);
  if (rec.status !== 'preview') throw AppError.conflict(MSG.alreadyCommitted);
  const mapping = JSON.parse(rec.mapping) as (string | null)[];
  // Someone else's import may map fields this user may not write.
  const allowed = fieldsFor(ctx.user, rec.kind);
  if (mapping.some((f) => f !== null && !allowed.includes(f))) throw AppError.forbidden();
  const counts = await ctx.db.transaction().execute(async (trx) => {
    // Claimed first: a second commit of the same import waits here, then finds it taken.
    if (!(await repo.updateImport(trx, id, { status: 'committed', committed_at: nowIso() }, 'preview'))) throw AppError.conflict(MSG.alreadyCommitted);
    const commit = rec.kind === 'orphans' ? writes.committer(trx, rec, ctx.user.id, body) : recordCommitter(trx, rec, ctx.user.id, body);
    const pass = await checkChunks(trx, rec, mapping, mapChunks(storedChunks(trx, id), (r) => ({ ...asCells(r), id: r.id })), async (row, checked, dup) => {
      if (checked.errors.length && !body.valid_rows_only) throw new AppError(422, MSG.hasErrors, { rows: [MSG.hasErrors] });
      // The kind's committer takes the kind's rows (checkChunks checked them as that kind).
      await commit.row(row.id, row.number, checked as CheckedRow & CheckedRow<RecordData>, dup);
    });
    return commit.finish(pass.rows);
  });
  return { message: MSG.committed, data: counts };
}

export async function undoImport(ctx: ImportContext, id: number): Promise<ImportUndoResponse> {
  const rec = await loadImport(ctx, id);
  if (rec.status !== 'committed') throw AppError.conflict(MSG.notCommitted);
  if (!rec.committed_at || Date.now() > Date.parse(rec.committed_at) + IMPORT_UNDO_DAYS * 86_400_000) throw AppError.conflict(MSG.undoExpired);
  const counts = await ctx.db.transaction().execute((trx) => (rec.kind === 'orphans' ? writes.undo(trx, rec, ctx.user.id) : undoRecords(trx, rec, ctx.user.id)));
  return { message: MSG.undone, data: counts };
}

// ---------------------------------------------------------------------------------------------
// History

export async function listImports(ctx: ImportContext, page: number): Promise<ImportList> {
  const perPage = 10;
  const { rows, total } = await repo.importsPage(ctx.db, ctx.scope, perPage, (page - 1) * perPage);
  return { data: rows.map((r) => summaryOf(r, r)), ...pageMeta(total, page, perPage) };
}
