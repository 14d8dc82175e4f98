import { RTL_LANGUAGES, type Language } from '@app/shared/i18n/languages';
import { localiseMessage } from '@app/shared/i18n/localise';
import { IMPORT_FIELDS, IMPORT_MESSAGES as MSG, IMPORT_TEMPLATE_MESSAGES as T, type ImportKind } from '@app/shared/schemas/import.schema';
import { ORPHAN_FIELDS } from '@app/shared/schemas/orphan.schema';
import { AppError } from '../../lib/app-error.ts';
import { ORPHAN_CHOICE_WORDS, orphanHeading } from './orphan-import-fields.ts';

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

const REQUIRED = new Set(['first_name', 'last_name', 'dob', 'gender', 'admission_date']);

function allowedOf(field: string, language: Language): string {
  const say = (s: string) => localiseMessage(s, language);
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
  if (kind !== 'orphans') throw AppError.validation('kind', MSG.kindNotYet);
  const say = (s: string) => localiseMessage(s, language);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const rtl = RTL_LANGUAGES.has(language);
  const fields = IMPORT_FIELDS[kind];
  const rows = book.addWorksheet(say(T.sheetRows), { views: [{ rightToLeft: rtl }] });
  rows.addRow(fields.map((f) => orphanHeading(f, language)));
  rows.addRow(fields.map((f) => SAMPLE[f] ?? ''));
  rows.getRow(1).font = { bold: true };
  fields.forEach((_, i) => {
    rows.getColumn(i + 1).width = 18;
    rows.getColumn(i + 1).numFmt = '@';
  });
  const help = book.addWorksheet(say(T.sheetHelp), { views: [{ rightToLeft: rtl }] });
  help.addRow([say(T.column), say(T.required), say(T.allowed)]).font = { bold: true };
  for (const f of fields) help.addRow([orphanHeading(f, language), say(REQUIRED.has(f) ? T.yes : T.no), allowedOf(f, language)]);
  help.getColumn(1).width = 28;
  help.getColumn(3).width = 70;
  return Buffer.from(await book.xlsx.writeBuffer());
}
