import type { Kysely } from 'kysely';
import type { ExportKind } from '@app/shared/schemas/export.schema';
import type { DB } from '../../db/schema.ts';
import type { SiteScope } from '../sites/sites.service.ts';
import type { ExportLanguage } from './export-headings.ts';
import type { Column, SheetOptions } from './xlsx-writer.ts';

/**
 * What a feature gives the exports module for its Excel export (`<feature>.export.ts`): its kind,
 * its log entry's name, its sheet's name, and for a request's validated body the columns (heading, kind, width, how a
 * row gives its value) and the rows, read a page at a time. The exports module checks access,
 * logs the export and streams the sheet; it lists each feature's export once (exports.routes.ts).
 * Numbers and dates stay numbers and dates in the sheet (a reader sorts and sums them); text goes
 * through the formula guard in xlsx-writer.ts.
 */
export interface FeatureExport<Q, R = unknown> {
  kind: ExportKind;
  /** What the activity log's entry for an export reads (in English, as every entry's name). */
  logName: string;
  /** The child the export is narrowed to, if any: it must exist outside the trash. */
  orphanId(q: Q): number | undefined;
  /** The rows of the request's sites only. */
  sheet(db: Kysely<DB>, scope: SiteScope, q: Q, language: ExportLanguage, today: string): Omit<SheetOptions<R>, 'language'>;
}

/**
 * Rows read at once: a few MB of rows at most, and few enough queries that each costs little per
 * row. Each export reads by keyset (the last row's sort key starts the next page) along an index
 * that already holds that order: no sort of the whole set, no OFFSET walking past everything read
 * before, and memory held is one page whatever the total. Children in the trash — and their
 * results and attendance — are never read.
 */
export const EXPORT_PAGE_SIZE = 2000;

/** A school grade as a number (PREP is 0), empty as no value. */
export const schoolGrade = (g: string | null): number | null => (g === null || g === '' ? null : Number(g));
export const joined = (...parts: Array<string | null>): string | null => parts.filter((p) => p).join(' ') || null;

/** The site the child of a row belongs to (the sites table's name, joined on the child's site_id). */
export const siteColumn: Column<{ site_name: string }> = { heading: 'site', kind: 'text', width: 18, value: (r) => r.site_name };

/** The child a row is about, and its site, first in the results and attendance sheets. */
export interface ChildNames {
  orphan_id: number;
  first_name: string;
  last_name: string;
  father_name: string | null;
  site_name: string;
}
export const childColumns: Array<Column<ChildNames>> = [
  { heading: 'orphanId', kind: 'number', width: 10, value: (r) => r.orphan_id },
  { heading: 'firstName', kind: 'text', width: 16, value: (r) => r.first_name },
  { heading: 'lastName', kind: 'text', width: 16, value: (r) => r.last_name },
  { heading: 'fatherName', kind: 'text', width: 16, childField: 'father_name', value: (r) => r.father_name },
  siteColumn,
];
