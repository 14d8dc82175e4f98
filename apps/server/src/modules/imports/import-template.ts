import { RTL_LANGUAGES, type Language } from '@app/shared/i18n/languages';
import { localiseMessage } from '@app/shared/i18n/localise';
import { IMPORT_FIELDS, IMPORT_TEMPLATE_MESSAGES as T, type ImportKind } from '@app/shared/schemas/import.schema';
import { ORPHAN_FIELDS } from '@app/shared/schemas/orphan.schema';
import { ORPHAN_CHOICE_WORDS, orphanHeading } from './orphan-import-fields.ts';
import { RECORD_CHOICE_WORDS, RECORD_DATE_FIELDS, RECORD_NUMBER_FIELDS, recordHeading } from './record-import-fields.ts';

/**
 * The template of a kind of import: the headings in the reader's language (the ones the import
 * recognises), a sample row, and a second sheet saying what each column takes. Every cell is
 * text (a heading or sample never becomes a formula).
 */

const SAMPLE: Record<string, string> = {
  first_name: 'Maryam',
  last_name: 'Ahmadi',
  father_name: 'Abdul Rahim',
  dob: '2014-03-21',
  gender: 'female',
  class_grade: '4',
  admission_date: '2020-09-01',
  status: 'active',
  medical_condition: 'Healthy',
};

const RECORD_SAMPLE: Record<'results' | 'attendance', Record<string, string>> = {
  results: { child_id: '12', result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '1403/04/15', year: '2024', total: '100', average: '86', score: '86' },
  attendance: { child_id: '12', month: '5', year: '2024', present_days: '20', absent_days: '2', late_days: '1', excused_days: '0' },
};

const REQUIRED: Record<ImportKind, ReadonlySet<string>> = {
  orphans: new Set(['first_name', 'last_name', 'dob', 'gender', 'admission_date']),
  results: new Set(['result_type', 'subject', 'exam_date', 'year', 'score', 'total', 'term']),
  attendance: new Set(['month', 'year', 'present_days', 'absent_days', 'late_days', 'excused_days']),
};

function allowedOf(kind: ImportKind, field: string, language: Language): string {
  const say = (s: string) => localiseMessage(s, language);
  if (kind !== 'orphans') {
    const words = RECORD_CHOICE_WORDS[field];
    if (words) return words.join(', ');
    if (RECORD_DATE_FIELDS.has(field)) return say(T.dates);
    if (RECORD_NUMBER_FIELDS.has(field)) return say(T.number);
    if (field === 'child_id' || field === 'school_id_number') return say(T.childReference);
    return say(T.text);
  }
  if (field === 'class_grade') return say(T.grades);
  const words = ORPHAN_CHOICE_WORDS[field];
  if (words) return words.join(', ');
  const def = ORPHAN_FIELDS[field as keyof typeof ORPHAN_FIELDS];
  if (def?.kind === 'date') return say(T.dates);
  if (def?.kind === 'money') return say(T.money);
  if (def?.kind === 'email') return say(T.email);
  return say(T.text);
}

export async function importTemplate(kind: ImportKind, language: Language): Promise<Buffer> {
  const say = (s: string) => localiseMessage(s, language);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const rtl = RTL_LANGUAGES.has(language);
  const fields = IMPORT_FIELDS[kind];
  const heading = (f: string) => (kind === 'orphans' ? orphanHeading(f, language) : recordHeading(kind, f, language));
  const sample = kind === 'orphans' ? SAMPLE : RECORD_SAMPLE[kind];
  const rows = book.addWorksheet(say(T.sheetRows), { views: [{ rightToLeft: rtl }] });
  rows.addRow(fields.map(heading));
  rows.addRow(fields.map((f) => sample[f] ?? ''));
  rows.getRow(1).font = { bold: true };
  fields.forEach((_, i) => {
    rows.getColumn(i + 1).width = 18;
    rows.getColumn(i + 1).numFmt = '@';
  });
  const help = book.addWorksheet(say(T.sheetHelp), { views: [{ rightToLeft: rtl }] });
  help.addRow([say(T.column), say(T.required), say(T.allowed)]).font = { bold: true };
  for (const f of fields) help.addRow([heading(f), say(REQUIRED[kind].has(f) ? T.yes : T.no), allowedOf(kind, f, language)]);
  help.getColumn(1).width = 28;
  help.getColumn(3).width = 70;
  return Buffer.from(await book.xlsx.writeBuffer());
}
