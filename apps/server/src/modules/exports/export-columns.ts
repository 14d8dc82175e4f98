import { RESULT_TYPE_FIELDS, type ResultType } from '@app/shared/schemas/result.schema';
import { choiceText, type ExportLanguage } from './export-headings.ts';
import type { AttendanceExportRow, OrphanExportRow, ResultExportRow } from './exports.repository.ts';
import type { Column } from './xlsx-writer.ts';

/**
 * The columns of each export: heading, kind (text, number, date...), width, and how a row gives
 * its value. Numbers and dates stay numbers and dates in the sheet (a reader sorts and sums
 * them); text goes through the formula guard in xlsx-writer.ts.
 */

/** Whole years from `dob` to `today` (both 'YYYY-MM-DD'): the birthday counts from its day on. */
export function ageOn(dob: string, today: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}/.test(dob)) return null;
  const years = Number(today.slice(0, 4)) - Number(dob.slice(0, 4));
  return today.slice(5, 10) < dob.slice(5, 10) ? years - 1 : years;
}

const grade = (g: string | null): number | null => (g === null || g === '' ? null : Number(g));
const joined = (...parts: Array<string | null>): string | null => parts.filter((p) => p).join(' ') || null;

export function orphanColumns(language: ExportLanguage, today: string): Array<Column<OrphanExportRow>> {
  return [
    { heading: 'id', kind: 'number', width: 8, value: (r) => r.id },
    { heading: 'firstName', kind: 'text', width: 16, value: (r) => r.first_name },
    { heading: 'lastName', kind: 'text', width: 16, value: (r) => r.last_name },
    { heading: 'fatherName', kind: 'text', width: 16, value: (r) => r.father_name },
    { heading: 'gender', kind: 'text', width: 10, value: (r) => choiceText(r.gender, language) },
    { heading: 'dob', kind: 'date', width: 13, value: (r) => r.dob },
    { heading: 'age', kind: 'number', width: 6, value: (r) => ageOn(r.dob, today) },
    { heading: 'classGrade', kind: 'schoolGrade', width: 8, value: (r) => grade(r.class_grade) },
    { heading: 'admissionDate', kind: 'date', width: 14, value: (r) => r.admission_date },
    { heading: 'status', kind: 'text', width: 11, value: (r) => choiceText(r.status, language) },
    { heading: 'medicalCondition', kind: 'text', width: 17, value: (r) => choiceText(r.medical_condition, language) },
    { heading: 'guardianName', kind: 'text', width: 18, value: (r) => r.guardian_name },
    { heading: 'guardianRelationship', kind: 'text', width: 14, value: (r) => choiceText(r.guardian_relationship, language) },
    { heading: 'guardianContact', kind: 'text', width: 16, value: (r) => r.guardian_contact },
    { heading: 'phoneNumber', kind: 'text', width: 16, value: (r) => r.phone_number },
    { heading: 'address', kind: 'text', width: 30, value: (r) => r.address },
    { heading: 'schoolIdNumber', kind: 'text', width: 14, value: (r) => r.school_id_number },
    { heading: 'donorName', kind: 'text', width: 18, value: (r) => joined(r.donor_name, r.donor_last_name) },
  ];
}

/** The columns of each result field (RESULT_TYPE_FIELDS names which a type has), in the reader's language. */
const resultFieldColumns = (language: ExportLanguage): Record<(typeof RESULT_TYPE_FIELDS)[ResultType][number], Column<ResultExportRow>> => ({
  subject: { heading: 'subject', kind: 'text', width: 18, value: (r) => choiceText(r.subject, language) },
  term: { heading: 'term', kind: 'text', width: 12, value: (r) => choiceText(r.term, language) },
  course_type: { heading: 'courseType', kind: 'text', width: 12, value: (r) => choiceText(r.course_type, language) },
  total: { heading: 'total', kind: 'number', width: 8, value: (r) => r.total },
  average: { heading: 'average', kind: 'number', width: 9, value: (r) => r.average },
  score: { heading: 'score', kind: 'number', width: 8, value: (r) => r.score },
  ethics_score: { heading: 'ethicsScore', kind: 'number', width: 10, value: (r) => r.ethics_score },
  uniform_score: { heading: 'uniformScore', kind: 'number', width: 10, value: (r) => r.uniform_score },
  relationship_score: { heading: 'relationshipScore', kind: 'number', width: 12, value: (r) => r.relationship_score },
  grade: { heading: 'grade', kind: 'text', width: 7, value: (r) => r.grade },
});

const childColumns: Array<Column<ResultExportRow | AttendanceExportRow>> = [
  { heading: 'orphanId', kind: 'number', width: 10, value: (r) => r.orphan_id },
  { heading: 'firstName', kind: 'text', width: 16, value: (r) => r.first_name },
  { heading: 'lastName', kind: 'text', width: 16, value: (r) => r.last_name },
  { heading: 'fatherName', kind: 'text', width: 16, value: (r) => r.father_name },
];

/** The child, then the chosen type's fields in the form's order, then when and by whom. */
export function resultColumns(type: ResultType, language: ExportLanguage): Array<Column<ResultExportRow>> {
  const fields = resultFieldColumns(language);
  return [
    { heading: 'id', kind: 'number', width: 8, value: (r) => r.id },
    ...childColumns,
    ...RESULT_TYPE_FIELDS[type].map((f) => fields[f]),
    { heading: 'examDate', kind: 'date', width: 12, value: (r) => r.exam_date },
    { heading: 'year', kind: 'number', width: 7, value: (r) => r.year },
    { heading: 'assessedBy', kind: 'text', width: 16, value: (r) => r.assessed_by },
    { heading: 'comments', kind: 'text', width: 30, value: (r) => r.comments },
  ];
}

const totalDays = (r: AttendanceExportRow) => r.present_days + r.absent_days + r.late_days + r.excused_days;

export const ATTENDANCE_COLUMNS: ReadonlyArray<Column<AttendanceExportRow>> = [
  ...childColumns,
  { heading: 'classGrade', kind: 'schoolGrade', width: 8, value: (r) => grade(r.class_grade) },
  { heading: 'month', kind: 'number', width: 7, value: (r) => r.month },
  { heading: 'year', kind: 'number', width: 7, value: (r) => r.year },
  { heading: 'presentDays', kind: 'number', width: 10, value: (r) => r.present_days },
  { heading: 'absentDays', kind: 'number', width: 10, value: (r) => r.absent_days },
  { heading: 'lateDays', kind: 'number', width: 9, value: (r) => r.late_days },
  { heading: 'excusedDays', kind: 'number', width: 10, value: (r) => r.excused_days },
  { heading: 'totalDays', kind: 'number', width: 9, value: totalDays },
  // Present days of the days recorded; none recorded: no rate (not 0 %).
  { heading: 'attendanceRate', kind: 'percent', width: 11, value: (r) => (totalDays(r) ? r.present_days / totalDays(r) : null) },
  { heading: 'absenceReasons', kind: 'text', width: 28, value: (r) => r.absence_reasons },
  { heading: 'notes', kind: 'text', width: 28, value: (r) => r.notes },
];
