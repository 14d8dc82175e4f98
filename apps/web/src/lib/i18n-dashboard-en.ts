import dashboard from '../locales/en/dashboard.json';
import orphans from '../locales/en/orphans.json';
import help from '../locales/en/help.json';
import gallery from '../locales/en/gallery.json';
import results from '../locales/en/results.json';
import attendance from '../locales/en/attendance.json';
import reports from '../locales/en/reports.json';
import activities from '../locales/en/activities.json';
import sites from '../locales/en/sites.json';
import imports from '../locales/en/imports.json';

/** The English texts only the dashboard shows: one chunk, imported by lib/i18n.ts when first needed. */
export const dashboardTexts = { dashboard, orphans, help, gallery, results, attendance, reports, activities, sites, imports };
export default dashboardTexts;
