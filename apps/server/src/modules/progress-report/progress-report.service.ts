import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteScope } from '../sites/sites.service.ts';
import type { Language } from '@app/shared/i18n/languages';
import { can, type AccessSubject } from '@app/shared/permissions';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { Dialect } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { attendanceSummary } from '../attendance/attendance.service.ts';
import { fullName, getOrphan, type Viewable } from '../orphans/orphans.service.ts';
import { orphanResults } from '../results/results.service.ts';
import { readStoredFile, withSharp, type FileStore } from '../storage/storage.service.ts';
import type { ReportLanguage } from './progress-report.labels.ts';
import { renderProgressReport, type ReportContent } from './progress-report.pdf.ts';
import * as writes from './progress-report.writes.ts';
import type { ReportCalendar } from './report-format.ts';

export interface ProgressReportContext {
  db: Kysely<DB>;
  dialect: Dialect;
  store: FileStore;
  log: FastifyBaseLogger;
  /** The sites whose children the reader reaches (a child elsewhere: 404). */
  scope: SiteScope;
  sites: readonly { id: number }[];
  /** The reader, and the classes of the child's sensitive fields they see (the report shows no other). */
  user: AccessSubject;
  viewable: Viewable;
}

export interface ProgressReport {
  pdf: Buffer;
  /** `progress-report-<child's name>-<YYYY-MM-DD>.pdf`, as the download offers it. */
  fileName: string;
  /** The same with only the child's id, for clients that cannot read a UTF-8 file name. */
  asciiFileName: string;
  language: ReportLanguage;
}

/** The photo's largest side in the PDF, in pixels: about 300 dpi at the 110 pt box it is drawn in. */
const PHOTO_PX = 460;
/** A stored display photo is at most 1600 px WebP (storage/images.service.ts), well under this. */
const PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/**
 * One child's progress report as a PDF: the child as `GET /orphans/{id}` reads it (404
 * for an unknown or trashed child), results and attendance through their modules' own summaries —
 * each only when the reader holds its view permission — in the reader's language, logged.
 */
export async function progressReport(ctx: ProgressReportContext, user: AuthUser, orphanId: number, language: Language, now = new Date()): Promise<ProgressReport> {
  const { data: child } = await getOrphan(ctx, orphanId);
  const [results, attendance, photo] = await Promise.all([
    can(user, 'view-results') ? orphanResults(ctx, orphanId).then((r) => r.data.years) : ('hidden' as const),
    can(user, 'view-attendance') ? attendanceSummary(ctx, orphanId).then((r) => r.data.months) : ('hidden' as const),
    photoJpeg(ctx, child.profile_photo_url),
  ]);
  const content: ReportContent = { language, calendar: calendarOf(user), now, child, photo, results, attendance };
  const pdf = await renderProgressReport(content);
  await ctx.db.transaction().execute((trx) => writes.logProgressReport(trx, { scope: ctx.scope, userId: user.id, orphanId, language }));
  const day = now.toISOString().slice(0, 10);
  return { pdf, fileName: `progress-report-${fullName(child) || child.id}-${day}.pdf`, asciiFileName: `progress-report-${child.id}-${day}.pdf`, language };
}

/** The calendar the reader reads dates in, as their profile says (Intl names Solar Hijri `persian`). */
function calendarOf(user: AuthUser): ReportCalendar {
  return user.calendar === 'persian' ? 'persian' : 'gregory';
}

// ---------------------------------------------------------------------------------------------
// The photo

/**
 * The child's stored photo, found through its signed URL (the orphans module's answer names no
 * storage key; the signature proves the key is one it signed), read from the storage module and
 * made a small JPEG, which PDF readers all draw. Null — the placeholder — when there is none or
 * it cannot be read: a report is still worth having without its photo.
 */
async function photoJpeg(ctx: ProgressReportContext, signedUrl: string | null): Promise<Buffer | null> {
  if (!signedUrl) return null;
  const url = new URL(signedUrl, 'http://localhost');
  const prefix = '/storage/';
  if (!url.pathname.startsWith(prefix)) return null;
  const signed = ctx.store.signer.verify(url.pathname, url.searchParams.get('expires') ?? undefined, url.searchParams.get('signature') ?? undefined, Date.now(), url.searchParams.get('record') ?? undefined);
  if (signed === null) return null;
  const key = decodeURIComponent(url.pathname.slice(prefix.length));
  try {
    const bytes = await readStoredFile(ctx.store.files, key, PHOTO_MAX_BYTES);
    if (!bytes) return null;
    // The storage module's sharp and image queue (one image decoded at a time in the process).
    return await withSharp(
      (sharp) => sharp(bytes, { failOn: 'error' }).resize(PHOTO_PX, PHOTO_PX, { fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer(),
      bytes.length,
    );
  } catch (err) {
    // A busy image queue is a 429 to try again, not a report without its photo.
    if (err instanceof AppError) throw err;
    ctx.log.warn({ err, orphanKey: key }, 'progress report: the photo could not be read; the placeholder is drawn');
    return null;
  }
}

