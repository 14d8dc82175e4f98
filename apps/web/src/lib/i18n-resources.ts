import common from '../locales/en/common.json';
import auth from '../locales/en/auth.json';
import site from '../locales/en/site.json';
import dashboard from '../locales/en/dashboard.json';
import orphans from '../locales/en/orphans.json';
import admin from '../locales/en/admin.json';
import help from '../locales/en/help.json';
import gallery from '../locales/en/gallery.json';
import results from '../locales/en/results.json';
import attendance from '../locales/en/attendance.json';
import reports from '../locales/en/reports.json';
import activities from '../locales/en/activities.json';

/**
 * English is the source language and ships in the first download. Dari (fa-AF) and Pashto (ps-AF)
 * have the same namespaces under locales/<language>/, loaded on demand (lib/i18n.ts).
 */
export const resources = {
  en: { common, auth, site, dashboard, orphans, admin, help, gallery, results, attendance, activities, reports },
} as const;

export const defaultNS = 'common';
export const namespaces = ['common', 'auth', 'site', 'dashboard', 'orphans', 'admin', 'help', 'gallery', 'results', 'attendance', 'activities', 'reports'] as const;
