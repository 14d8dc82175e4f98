import type { Kysely } from 'kysely';
import type { ExportKind } from '@app/shared/schemas/export.schema';
import type { DB } from '../../db/schema.ts';
import { scopeOfSiteFilter, type SiteScope } from '../sites/sites.service.ts';
import { showsField, type Viewable } from '../orphans/orphans.service.ts';
import type { FeatureExport } from './export-columns.ts';
import type { ExportLanguage } from './export-headings.ts';
import { logExport } from './exports.writes.ts';
import type { SheetOptions } from './xlsx-writer.ts';

// The kit a feature's `<feature>.export.ts` builds its sheet from.
export { childColumns, EXPORT_PAGE_SIZE, siteColumn, joined, schoolGrade, type FeatureExport } from './export-columns.ts';
export { choiceText, type ExportLanguage, type ExportTexts } from './export-headings.ts';
export { solarHijriMonth, solarHijriYear, type Column } from './xlsx-writer.ts';

export interface ExportContext {
  db: Kysely<DB>;
  /** The sites whose children the request reaches: the sheet holds only theirs. */
  scope: SiteScope;
  /** The classes of the child's sensitive fields the user sees: a column of another is left out. */
  viewable: Viewable;
}

/** An export ready to stream: checked and logged; its rows are read as the sheet is written. */
export interface PreparedExport {
  kind: ExportKind;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own row type
  sheet: SheetOptions<any>;
}

/** Today's date (UTC), the day ages are counted to and the file is named after. */
export const todayIso = (now = new Date()): string => now.toISOString().slice(0, 10);

/** The filters given, for the log entry (nothing left undefined). */
function given(q: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
}

/**
 * A feature's export (its `<feature>.export.ts`), logged before its first byte, ready to stream.
 * A `site_id` narrows the request's scope to that one of the user's sites (else 422) before
 * anything is read, so every kind is filtered by it alike, a named child included.
 */
export async function prepareExport<Q extends { site_id?: number }>(
  ctx: ExportContext,
  feature: FeatureExport<Q>,
  userId: number | null,
  language: ExportLanguage,
  q: Q,
  now = new Date(),
): Promise<PreparedExport> {
  const scope = await scopeOfSiteFilter(ctx.db, ctx.scope, q.site_id);
  await ctx.db.transaction().execute((trx) => logExport(trx, { scope, kind: feature.kind, name: feature.logName, userId, filters: given(q), orphanId: feature.orphanId(q) }));
  const sheet = feature.sheet(ctx.db, scope, q, language, todayIso(now));
  const columns = sheet.columns.filter((c) => !c.childField || showsField(ctx.viewable, c.childField));
  return { kind: feature.kind, sheet: { ...sheet, columns, language } };
}
