import * as locks from '../lib/database-locks.writes.ts';
import * as rateLimits from '../lib/rate-limits.writes.ts';
import * as attendance from '../modules/attendance/attendance.writes.ts';
import * as auth from '../modules/auth/auth.writes.ts';
import * as contacts from '../modules/contacts/contacts.writes.ts';
import * as exportsLog from '../modules/exports/exports.writes.ts';
import * as gallery from '../modules/gallery/gallery.writes.ts';
import * as jobs from '../modules/gallery/jobs.writes.ts';
import * as uploadQuota from '../modules/gallery/upload-quota.writes.ts';
import * as orphans from '../modules/orphans/orphans.writes.ts';
import * as pages from '../modules/pages/pages.writes.ts';
import * as passwordReset from '../modules/password-reset/password-reset.writes.ts';
import * as profile from '../modules/profile/profile.writes.ts';
import * as progressReport from '../modules/progress-report/progress-report.writes.ts';
import * as results from '../modules/results/results.writes.ts';
import * as roles from '../modules/roles/roles.writes.ts';
import * as settings from '../modules/settings/settings.writes.ts';
import * as users from '../modules/users/users.writes.ts';
import { createWriteRegistry } from './write-procedure.ts';

/**
 * Every write procedure the server may run: each `<feature>.writes.ts` module, listed once. The
 * in-process writer and the writer thread both run from this registry and refuse anything else;
 * the server refuses to start when a procedure is defined outside it (app.ts), and a test checks
 * that every `*.writes.ts` file is listed here.
 */
export const writeRegistry = createWriteRegistry(import.meta.url, [locks, rateLimits, attendance, auth, contacts, exportsLog, gallery, jobs, uploadQuota, orphans, pages, passwordReset, profile, progressReport, results, roles, settings, users]);
