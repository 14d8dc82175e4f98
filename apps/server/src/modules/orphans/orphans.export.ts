import { sql, type Kysely } from 'kysely';
import type { OrphanExport } from '@app/shared/schemas/export.schema';
import type { DB } from '../../db/schema.ts';
import { withinScope, type SiteScope } from './orphan-scope.ts';
import { openChildRow } from './orphan-sealing.ts';
import { choiceText, type Column, siteColumn, type ExportTexts, EXPORT_PAGE_SIZE, type ExportLanguage, type FeatureExport, joined, schoolGrade } from '../exports/exports.service.ts';

/** This sheet's own headings and name, in each language a sheet is written in. */
const HEADING = {
  gender: { en: 'Gender', 'fa-AF': 'جنسیت', 'ps-AF': 'جنسیت' },
  dob: { en: 'Date of Birth', 'fa-AF': 'تاریخ تولد', 'ps-AF': 'د زېږېدو نېټه' },
  age: { en: 'Age', 'fa-AF': 'سن', 'ps-AF': 'عمر' },
  admissionDate: { en: 'Admission Date', 'fa-AF': 'تاریخ پذیرش', 'ps-AF': 'د شمولیت نېټه' },
  status: { en: 'Status', 'fa-AF': 'وضعیت', 'ps-AF': 'حالت' },
  medicalCondition: { en: 'Medical Condition', 'fa-AF': 'وضعیت صحی', 'ps-AF': 'روغتیایي حالت' },
  guardianName: { en: 'Guardian Name', 'fa-AF': 'نام سرپرست', 'ps-AF': 'د سرپرست نوم' },
  guardianRelationship: { en: 'Guardian Relationship', 'fa-AF': 'نسبت سرپرست', 'ps-AF': 'له سرپرست سره اړیکه' },
  guardianContact: { en: 'Guardian Contact', 'fa-AF': 'تماس سرپرست', 'ps-AF': 'د سرپرست اړیکه' },
  phoneNumber: { en: 'Phone Number', 'fa-AF': 'شماره تلفن', 'ps-AF': 'د تلیفون شمېره' },
  address: { en: 'Address', 'fa-AF': 'آدرس', 'ps-AF': 'پته' },
  schoolIdNumber: { en: 'School ID Number', 'fa-AF': 'شماره شناسایی مکتب', 'ps-AF': 'د ښوونځي پېژند شمېره' },
  donorName: { en: 'Donor', 'fa-AF': 'حامی', 'ps-AF': 'مرسته کوونکی' },
} as const satisfies Record<string, ExportTexts>;
const SHEET_NAME: ExportTexts = { en: 'Orphans', 'fa-AF': 'یتیمان', 'ps-AF': 'یتیمان' };

/** The children's Excel export: children outside the trash by last name, first name, id (orphans_name_idx). */

export interface OrphanExportFilter {
  gender?: string;
  /** dob on or before this date (age at least the minimum). */
  bornOnOrBefore?: string;
  /** dob after this date (age at most the maximum). */
  bornAfter?: string;
  admissionFrom?: string;
  admissionTo?: string;
}

const ORPHAN_COLUMNS = [
  'id', 'first_name', 'last_name', 'father_name', 'gender', 'dob', 'class_grade', 'admission_date', 'status', 'medical_condition',
  'guardian_name', 'guardian_relationship', 'guardian_contact', 'phone_number', 'address', 'school_id_number', 'donor_name', 'donor_last_name',
] as const;

export interface OrphanExportRow {
  id: number;
  first_name: string;
  last_name: string;
  father_name: string | null;
  gender: string;
  dob: string;
  class_grade: string | null;
  admission_date: string;
  status: string;
  medical_condition: string | null;
  guardian_name: string | null;
  guardian_relationship: string | null;
  guardian_contact: string | null;
  phone_number: string | null;
  address: string | null;
  school_id_number: string | null;
  donor_name: string | null;
  donor_last_name: string | null;
  site_name: string;
}

export async function* orphanExportPages(db: Kysely<DB>, scope: SiteScope, f: OrphanExportFilter, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<OrphanExportRow[]> {
  let after: OrphanExportRow | undefined;
  for (;;) {
    let q = withinScope(
      db
        .selectFrom('orphans')
        .innerJoin('sites', 'sites.id', 'orphans.site_id')
        .select([...ORPHAN_COLUMNS.map((c) => `orphans.${c}` as const), 'sites.name as site_name'])
        .where('orphans.deleted_at', 'is', null),
      scope,
    );
    if (f.gender !== undefined) q = q.where('orphans.gender', '=', f.gender);
    if (f.bornOnOrBefore !== undefined) q = q.where('orphans.dob', '<=', f.bornOnOrBefore);
    if (f.bornAfter !== undefined) q = q.where('orphans.dob', '>', f.bornAfter);
    if (f.admissionFrom !== undefined) q = q.where('orphans.admission_date', '>=', f.admissionFrom);
    if (f.admissionTo !== undefined) q = q.where('orphans.admission_date', '<=', f.admissionTo);
    if (after) q = q.where(sql<boolean>`(orphans.last_name, orphans.first_name, orphans.id) > (${after.last_name}, ${after.first_name}, ${after.id})`);
    const rows = ((await q.orderBy('orphans.last_name').orderBy('orphans.first_name').orderBy('orphans.id').limit(pageSize).execute()) as OrphanExportRow[]).map(openChildRow);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1];
  }
}


/** Whole years from `dob` to `today` (both 'YYYY-MM-DD'): the birthday counts from its day on. */
export function ageOn(dob: string, today: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}/.test(dob)) return null;
  const years = Number(today.slice(0, 4)) - Number(dob.slice(0, 4));
  return today.slice(5, 10) < dob.slice(5, 10) ? years - 1 : years;
}

/** The date `years` years before `today`, as text: '2016-02-29' compares right even when that year had no 29 February. */
const yearsBefore = (today: string, years: number): string => `${String(Number(today.slice(0, 4)) - years).padStart(4, '0')}${today.slice(4, 10)}`;

/**
 * The ages as dates of birth: at least `min` years old means born on or before today `min`
 * years ago; at most `max` means younger than `max + 1`, born after today `max + 1` years ago.
 */
export function orphanFilter(q: OrphanExport, today: string): OrphanExportFilter {
  return {
    gender: q.gender,
    bornOnOrBefore: q.age_min !== undefined ? yearsBefore(today, q.age_min) : undefined,
    bornAfter: q.age_max !== undefined ? yearsBefore(today, q.age_max + 1) : undefined,
    admissionFrom: q.admission_start,
    admissionTo: q.admission_end,
  };
}


export function orphanColumns(language: ExportLanguage, today: string): Array<Column<OrphanExportRow>> {
  return [
    { heading: 'id', kind: 'number', width: 8, value: (r) => r.id },
    { heading: 'firstName', kind: 'text', width: 16, value: (r) => r.first_name },
    { heading: 'lastName', kind: 'text', width: 16, value: (r) => r.last_name },
    { heading: 'fatherName', kind: 'text', width: 16, childField: 'father_name', value: (r) => r.father_name },
    siteColumn,
    { heading: HEADING.gender, kind: 'text', width: 10, value: (r) => choiceText(r.gender, language) },
    { heading: HEADING.dob, kind: 'date', width: 13, value: (r) => r.dob },
    { heading: HEADING.age, kind: 'number', width: 6, value: (r) => ageOn(r.dob, today) },
    { heading: 'classGrade', kind: 'schoolGrade', width: 8, value: (r) => schoolGrade(r.class_grade) },
    { heading: HEADING.admissionDate, kind: 'date', width: 14, value: (r) => r.admission_date },
    { heading: HEADING.status, kind: 'text', width: 11, value: (r) => choiceText(r.status, language) },
    { heading: HEADING.medicalCondition, kind: 'text', width: 17, childField: 'medical_condition', value: (r) => choiceText(r.medical_condition, language) },
    { heading: HEADING.guardianName, kind: 'text', width: 18, childField: 'guardian_name', value: (r) => r.guardian_name },
    { heading: HEADING.guardianRelationship, kind: 'text', width: 14, childField: 'guardian_relationship', value: (r) => choiceText(r.guardian_relationship, language) },
    { heading: HEADING.guardianContact, kind: 'text', width: 16, childField: 'guardian_contact', value: (r) => r.guardian_contact },
    { heading: HEADING.phoneNumber, kind: 'text', width: 16, childField: 'phone_number', value: (r) => r.phone_number },
    { heading: HEADING.address, kind: 'text', width: 30, childField: 'address', value: (r) => r.address },
    { heading: HEADING.schoolIdNumber, kind: 'text', width: 14, childField: 'school_id_number', value: (r) => r.school_id_number },
    { heading: HEADING.donorName, kind: 'text', width: 18, childField: 'donor_name', value: (r) => joined(r.donor_name, r.donor_last_name) },
  ];
}


export const orphansExport: FeatureExport<OrphanExport, OrphanExportRow> = {
  kind: 'orphans',
  logName: 'Orphans list export',
  orphanId: () => undefined,
  sheet: (db, scope, q, language, today) => ({ sheetName: SHEET_NAME[language], columns: orphanColumns(language, today), pages: orphanExportPages(db, scope, orphanFilter(q, today)) }),
};
