import { z } from 'zod';
import { MAX_ID } from '../constants.ts';
import { paged, pageQuery } from './common.schema.ts';
import { ORPHAN_FIELD_ENTRIES, ORPHAN_PROFILE_PARTS } from './orphan.schema.ts';

/**
 * Bringing existing records in from a spreadsheet: upload, preview with each row's errors, mapping
 * of the sheet's columns to fields, commit all or nothing, undo. Each row is checked by the same
 * schema as the record's form (orphanSchema for children), so the rules and messages are the
 * form's; the messages here are the import's own.
 */

export const IMPORT_KINDS = ['orphans', 'results', 'attendance'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Refused at these, while the file is read (before it is held whole in memory). */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_COLUMNS = 100;
export const IMPORT_MAX_CELL_CHARS = 10_000;
/** An import can be undone for this many days after its commit. */
export const IMPORT_UNDO_DAYS = 14;
export const IMPORT_ROWS_PER_PAGE = 50;

/**
 * The fields a child's row maps to: the form's fields, the profile's parts one column each
 * (a spreadsheet has no nested cells).
 */
export const ORPHAN_IMPORT_FIELDS = [
  ...ORPHAN_FIELD_ENTRIES.filter(([name]) => name !== 'profile').map(([name]) => name),
  ...ORPHAN_PROFILE_PARTS,
] as const;

/** How a result's or attendance row names its child: by id, school id number, or names and date of birth. */
export const CHILD_REFERENCE_FIELDS = ['child_id', 'school_id_number', 'first_name', 'last_name', 'father_name', 'dob'] as const;

/** The result form's fields (every type's), after the child's. */
export const RESULT_IMPORT_FIELDS = [
  ...CHILD_REFERENCE_FIELDS,
  'result_type', 'subject', 'term', 'course_type', 'exam_date', 'year', 'total', 'average', 'score', 'grade',
  'ethics_score', 'uniform_score', 'relationship_score', 'assessed_by', 'comments',
] as const;

/** The attendance form's fields, after the child's. */
export const ATTENDANCE_IMPORT_FIELDS = [
  ...CHILD_REFERENCE_FIELDS,
  'month', 'year', 'present_days', 'absent_days', 'late_days', 'excused_days', 'absence_reasons', 'notes',
] as const;

export const IMPORT_FIELDS: Record<ImportKind, readonly string[]> = {
  orphans: ORPHAN_IMPORT_FIELDS,
  results: RESULT_IMPORT_FIELDS,
  attendance: ATTENDANCE_IMPORT_FIELDS,
};

export const IMPORT_MESSAGES = {
  kindRequired: 'Choose what the file holds: children, results or attendance.',
  kindInvalid: 'The selected kind is invalid.',
  fileRequired: 'Choose an Excel (.xlsx) or CSV file.',
  fileEmpty: 'The file is empty.',
  fileTooLarge: 'The file is larger than 20 MB. Split it into smaller files.',
  fileNotSpreadsheet: 'The file is neither an Excel workbook (.xlsx) nor a CSV file, whatever its name says.',
  workbookUnreadable: 'The workbook could not be read: it is damaged, protected or not an .xlsx file.',
  workbookTooLarge: 'The workbook is too large once unpacked. Split it into smaller files.',
  textNotReadable: 'The file is not readable text: save it as CSV UTF-8 (or Unicode text) and try again.',
  tooManyRows: 'The file has more than 50,000 rows. Split it into smaller files.',
  tooManyColumns: 'The sheet has more than 100 columns.',
  noHeader: 'The first row must hold the column headings (for example "First name", "Date of birth").',
  noRows: 'The sheet has headings but no rows below them.',
  cellTooLong: 'The cell is longer than 10,000 characters.',
  mappingLength: 'The mapping must name a field or nothing for each column of the sheet.',
  mappingUnknown: 'The field {field} is not one of this import\'s fields.',
  mappedTwice: 'Two columns are mapped to {field}.',
  notMapped: 'No column is mapped to this field.',
  dateAmbiguous: 'The date {value} could be day/month or month/day: write it as YYYY-MM-DD.',
  dateInvalid: 'The date {value} is not a real date.',
  hasErrors: 'Some rows have errors: correct the file, or import only the valid rows.',
  alreadyCommitted: 'This import has already been committed.',
  notCommitted: 'Only a committed import can be undone.',
  undoExpired: 'An import can be undone only within 14 days of its commit.',
  undoChanged: 'The import cannot be undone: these records were changed since it was committed.',
  notFound: 'Import not found.',
  childNotFound: 'No child of this site matches the row: give the child\'s id, school ID number, or name, father\'s name and date of birth.',
  childAmbiguous: 'Several children of this site match the row: give the child\'s id or school ID number.',
  duplicatesInvalid: 'The duplicates choice must be skip or update.',
  committed: 'Import committed',
  undone: 'Import undone',
} as const;

/** The template's second sheet, which explains each column. */
export const IMPORT_TEMPLATE_MESSAGES = {
  sheetRows: 'Rows',
  sheetHelp: 'Columns',
  column: 'Column',
  required: 'Required',
  allowed: 'Allowed values',
  yes: 'Yes',
  no: 'No',
  dates: 'A date: 2019-08-03, 03/08/2019 (day first) or Solar Hijri 1398/05/12',
  text: 'Text',
  money: 'An amount, at most 2 decimals',
  email: 'An e-mail address',
  grades: 'Prep (0) or 1 to 12',
  number: 'A number',
  childReference: 'The child: its id or school ID number, or else first name, last name, father\'s name and date of birth',
} as const;

export const fillImportMessage = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));

const kindField = z
  .string({ error: IMPORT_MESSAGES.kindRequired })
  .trim()
  .min(1, IMPORT_MESSAGES.kindRequired)
  .pipe(z.enum(IMPORT_KINDS, { error: IMPORT_MESSAGES.kindInvalid }));

/** The upload's text fields (multipart): what the file holds and the site it lands in. */
export const importUploadFieldsSchema = z.object({
  kind: kindField,
  site_id: z.string().optional(),
});

export const importKindParams = z.object({ kind: z.enum(IMPORT_KINDS) });

/** `PUT /imports/{id}/mapping`: for each column of the sheet, the field it fills, or null. */
export const importMappingSchema = z.object({
  mapping: z.array(z.string().max(64).nullable(), { error: IMPORT_MESSAGES.mappingLength }).max(1000, IMPORT_MESSAGES.mappingLength),
});
export type ImportMappingBody = z.infer<typeof importMappingSchema>;

export const IMPORT_DUPLICATE_CHOICES = ['skip', 'update'] as const;

/** `POST /imports/{id}/commit`. */
export const importCommitSchema = z.object({
  duplicates: z.enum(IMPORT_DUPLICATE_CHOICES, { error: IMPORT_MESSAGES.duplicatesInvalid }).default('skip'),
  valid_rows_only: z.boolean().default(false),
  /** Per row (the sheet's row number), a choice other than the one for all. */
  choices: z.record(z.string().regex(/^\d{1,6}$/), z.enum(IMPORT_DUPLICATE_CHOICES, { error: IMPORT_MESSAGES.duplicatesInvalid })).optional(),
});
export type ImportCommitBody = z.input<typeof importCommitSchema>;

export const importRowsQuerySchema = z.object({
  page: pageQuery,
  errors_only: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const importListQuerySchema = z.object({ page: pageQuery });

export const IMPORT_STATUSES = ['preview', 'committed', 'undone'] as const;

export const importSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  site_id: z.number().int(),
  site_name: z.string(),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  row_count: z.number().int(),
  error_count: z.number().int(),
  duplicate_count: z.number().int(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  skipped_count: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  committed_at: z.string().nullable(),
  undone_at: z.string().nullable(),
  /** Committed within the undo period and not undone yet. */
  can_undo: z.boolean(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** One error of a row: the field, the sheet's column heading it came from (empty when unmapped), the message. */
export const importRowErrorSchema = z.object({ field: z.string(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importRowSchema = z.object({
  /** The row's number in the sheet (its headings are row 1). */
  row: z.number().int(),
  cells: z.array(z.string()),
  /** The row read into fields (dates as YYYY-MM-DD, choices as the form's values). */
  values: z.record(z.string(), z.string().nullable()),
  errors: z.array(importRowErrorSchema),
  duplicate: z.object({ row: z.number().int().nullable(), id: z.number().int().nullable() }).nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importRowsPageSchema = paged(importRowSchema);
export type ImportRowsPage = z.infer<typeof importRowsPageSchema>;

/** The preview: the import, the sheet's columns, the mapping, the fields offered, the first page of rows. */
export const importPreviewSchema = z.object({
  data: z.object({
    import: importSummarySchema,
    columns: z.array(z.string()),
    mapping: z.array(z.string().nullable()),
    fields: z.array(z.string()),
    rows: importRowsPageSchema,
  }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importListSchema = paged(importSummarySchema);
export type ImportList = z.infer<typeof importListSchema>;

export const importCommitResponseSchema = z.object({
  message: z.string(),
  data: z.object({ created: z.number().int(), updated: z.number().int(), skipped: z.number().int() }),
});
export type ImportCommitResponse = z.infer<typeof importCommitResponseSchema>;

export const importUndoResponseSchema = z.object({
  message: z.string(),
  data: z.object({ removed: z.number().int(), restored: z.number().int() }),
});
export type ImportUndoResponse = z.infer<typeof importUndoResponseSchema>;

/** A bad id names no import: 404, as an unknown one (the routes read it). */
export const importIdParams = z.object({ id: z.string() });
export const IMPORT_MAX_ID = MAX_ID;
