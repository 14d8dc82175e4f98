import type { Language } from '@app/shared/i18n/languages';
import type { ImportKind } from '@app/shared/schemas/import.schema';
import { foldHeading, ORPHAN_HEADINGS } from './orphan-import-fields.ts';

/**
 * How a sheet of results or of attendance names its columns and writes its choices, in English,
 * Dari and Pashto. The child is named as in a children's sheet (its id, school ID number, or
 * names and date of birth); each field's first name in a language is the template's heading.
 */

type Headings = Record<Language, readonly string[]>;

const CHILD_HEADINGS: Record<string, Headings> = {
  child_id: { en: ['Child ID', 'Orphan ID', 'Child number', 'ID'], 'fa-AF': ['آی دی طفل', 'شماره طفل', 'نمبر طفل'], 'ps-AF': ['د ماشوم پېژندنه', 'د ماشوم شمېره'] },
  school_id_number: ORPHAN_HEADINGS.school_id_number!,
  first_name: ORPHAN_HEADINGS.first_name!,
  last_name: ORPHAN_HEADINGS.last_name!,
  father_name: ORPHAN_HEADINGS.father_name!,
  dob: ORPHAN_HEADINGS.dob!,
};

const RESULT_HEADINGS: Record<string, Headings> = {
  ...CHILD_HEADINGS,
  result_type: { en: ['Result type', 'Type'], 'fa-AF': ['نوع نتیجه', 'نوع'], 'ps-AF': ['د پایلې ډول', 'ډول'] },
  subject: { en: ['Subject'], 'fa-AF': ['مضمون', 'درس'], 'ps-AF': ['مضمون', 'لوست'] },
  term: { en: ['Term', 'Exam'], 'fa-AF': ['امتحان', 'ترم', 'دوره امتحان'], 'ps-AF': ['ازموینه', 'ټرم'] },
  course_type: { en: ['Course type', 'Course'], 'fa-AF': ['نوع کورس', 'کورس'], 'ps-AF': ['د کورس ډول', 'کورس'] },
  exam_date: { en: ['Exam date', 'Date'], 'fa-AF': ['تاریخ امتحان', 'تاریخ'], 'ps-AF': ['د ازموینې نېټه', 'نېټه'] },
  year: { en: ['Year', 'Academic year'], 'fa-AF': ['سال', 'سال تعلیمی'], 'ps-AF': ['کال', 'تعلیمي کال'] },
  total: { en: ['Total', 'Total marks', 'Out of'], 'fa-AF': ['مجموع نمرات', 'نمره کل'], 'ps-AF': ['ټولې نمرې'] },
  average: { en: ['Average', 'Percentage'], 'fa-AF': ['اوسط', 'فیصدی'], 'ps-AF': ['منځنۍ', 'سلنه'] },
  score: { en: ['Score', 'Marks', 'Obtained marks'], 'fa-AF': ['نمره', 'نمرات اخذ شده'], 'ps-AF': ['نمره', 'ترلاسه شوې نمرې'] },
  grade: { en: ['Grade', 'Letter grade'], 'fa-AF': ['درجه', 'درجه نمره'], 'ps-AF': ['درجه'] },
  ethics_score: { en: ['Ethics score', 'Ethics'], 'fa-AF': ['اخلاق', 'نمره اخلاق'], 'ps-AF': ['اخلاق'] },
  uniform_score: { en: ['Uniform score', 'Uniform'], 'fa-AF': ['یونیفورم', 'نمره یونیفورم'], 'ps-AF': ['یونیفورم'] },
  relationship_score: { en: ['Relationship score', 'Relationships'], 'fa-AF': ['روابط', 'نمره روابط'], 'ps-AF': ['اړیکې'] },
  assessed_by: { en: ['Assessed by', 'Teacher'], 'fa-AF': ['ارزیابی کننده', 'استاد'], 'ps-AF': ['ارزونکی', 'ښوونکی'] },
  comments: { en: ['Comments', 'Remarks'], 'fa-AF': ['ملاحظات', 'توضیحات'], 'ps-AF': ['تبصرې', 'یادونې'] },
};

const ATTENDANCE_HEADINGS: Record<string, Headings> = {
  ...CHILD_HEADINGS,
  month: { en: ['Month'], 'fa-AF': ['ماه'], 'ps-AF': ['میاشت'] },
  year: { en: ['Year'], 'fa-AF': ['سال'], 'ps-AF': ['کال'] },
  present_days: { en: ['Present days', 'Present'], 'fa-AF': ['روزهای حاضر', 'حاضر'], 'ps-AF': ['حاضرې ورځې', 'حاضر'] },
  absent_days: { en: ['Absent days', 'Absent'], 'fa-AF': ['روزهای غیرحاضر', 'غیرحاضر', 'غایب'], 'ps-AF': ['غیرحاضرې ورځې', 'غیرحاضر'] },
  late_days: { en: ['Late days', 'Late'], 'fa-AF': ['روزهای تأخیر', 'تأخیر', 'تاخیر'], 'ps-AF': ['ناوخته ورځې', 'ناوخته'] },
  excused_days: { en: ['Excused days', 'Excused', 'Leave'], 'fa-AF': ['روزهای رخصتی', 'رخصتی'], 'ps-AF': ['رخصتي ورځې', 'رخصتي'] },
  absence_reasons: { en: ['Absence reasons', 'Reasons'], 'fa-AF': ['دلایل غیرحاضری', 'دلیل غیرحاضری'], 'ps-AF': ['د غیرحاضرۍ لاملونه'] },
  notes: { en: ['Notes'], 'fa-AF': ['یادداشت', 'ملاحظات'], 'ps-AF': ['یادښتونه', 'یادونې'] },
};

export const RECORD_HEADINGS: Record<Exclude<ImportKind, 'orphans'>, Record<string, Headings>> = { results: RESULT_HEADINGS, attendance: ATTENDANCE_HEADINGS };

const INDEX = Object.fromEntries(
  Object.entries(RECORD_HEADINGS).map(([kind, headings]) => {
    const index = new Map<string, string>();
    for (const [field, byLanguage] of Object.entries(headings)) {
      for (const names of Object.values(byLanguage)) for (const name of names) if (!index.has(foldHeading(name))) index.set(foldHeading(name), field);
    }
    return [kind, index];
  }),
) as Record<Exclude<ImportKind, 'orphans'>, Map<string, string>>;

export function recordFieldOfHeading(kind: Exclude<ImportKind, 'orphans'>, heading: string): string | null {
  return INDEX[kind].get(foldHeading(heading)) ?? null;
}

export function recordHeading(kind: Exclude<ImportKind, 'orphans'>, field: string, language: Language): string {
  return RECORD_HEADINGS[kind][field]?.[language][0] ?? field;
}

/** The choices of a result's fields as the form stores them, by every way a sheet writes them. */
const CHOICES: Record<string, Record<string, readonly string[]>> = {
  result_type: {
    education: ['education', 'educational', 'exam', 'تعلیمی', 'درسی', 'ښوونیز', 'تعلیمي'],
    discipline: ['discipline', 'انضباط', 'دسپلین', 'ډسپلین'],
    course: ['course', 'کورس'],
  },
  term: {
    Monthly: ['monthly', 'month', 'ماهوار', 'ماهانه', 'میاشتنی'],
    'First Term': ['first term', 'term 1', '1st term', 'چهارونیم ماهه', 'امتحان چهارونیم ماهه', 'ترم اول', 'سمستر اول', 'لومړی ټرم', 'لومړۍ ازموینه'],
    'Second Term': ['second term', 'term 2', '2nd term', 'ترم دوم', 'سمستر دوم', 'دوهم ټرم', 'دویمه ازموینه'],
    'Third Term': ['third term', 'term 3', '3rd term', 'ترم سوم', 'سمستر سوم', 'دریم ټرم'],
    Final: ['final', 'final exam', 'نهایی', 'امتحان نهایی', 'امتحان سالانه', 'وروستۍ ازموینه', 'کلنۍ ازموینه'],
    Year: ['year', 'annual', 'سالانه', 'کلنی', 'کلنۍ'],
  },
  course_type: {
    Language: ['language', 'زبان', 'ژبه'],
    Computer: ['computer', 'کمپیوتر', 'کامپیوتر'],
    Art: ['art', 'هنر'],
    Sport: ['sport', 'sports', 'ورزش', 'سپورت'],
    Vocational: ['vocational', 'حرفه‌ای', 'حرفوی', 'مسلکی'],
    Other: ['other', 'دیگر', 'نور'],
  },
};

/** Each choice field's accepted words, for the template's explanations. */
export const RECORD_CHOICE_WORDS: Record<string, string[]> = Object.fromEntries(Object.entries(CHOICES).map(([field, values]) => [field, Object.values(values).flat()]));

const CHOICE_INDEX = new Map<string, Map<string, string>>(
  Object.entries(CHOICES).map(([field, values]) => [field, new Map(Object.entries(values).flatMap(([value, names]) => names.map((n) => [foldHeading(n), value] as const)))]),
);

/** A choice cell as the form stores it when the word is known, else as written (the schema then names it invalid). */
export function recordChoice(field: string, raw: string): string {
  return CHOICE_INDEX.get(field)?.get(foldHeading(raw)) ?? raw;
}

export const RECORD_DATE_FIELDS = new Set(['dob', 'exam_date']);
export const RECORD_CHOICE_FIELDS = new Set(Object.keys(CHOICES));
export const RECORD_NUMBER_FIELDS = new Set([
  'child_id', 'year', 'month', 'total', 'average', 'score', 'ethics_score', 'uniform_score', 'relationship_score',
  'present_days', 'absent_days', 'late_days', 'excused_days',
]);
