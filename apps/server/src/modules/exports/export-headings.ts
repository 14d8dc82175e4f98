import { RTL_LANGUAGES, type Language } from '@app/shared/i18n/languages';

/**
 * What an exported sheet says in the staff member's language: column headings, sheet names and
 * the few stored choices a reader sees as words (gender, status, medical condition). Names,
 * notes and other typed text stay as they were entered. English is the source; Dari (fa-AF) and
 * Pashto (ps-AF) sheets are also written right to left (xlsx-writer.ts).
 */

export type ExportLanguage = Language;

export const isRightToLeft = (language: ExportLanguage): boolean => RTL_LANGUAGES.has(language);

/** A text in each language a sheet is written in: a heading or a sheet's name. */
export type ExportTexts = Record<ExportLanguage, string>;
type Texts = ExportTexts;

/**
 * The headings more than one sheet uses (the child a row is about and its site, the year). A heading only one
 * feature's sheet has is written in that feature's `<feature>.export.ts`, as ExportTexts.
 */
export const HEADINGS = {
  id: { en: 'ID', 'fa-AF': 'شماره', 'ps-AF': 'شمېره' },
  orphanId: { en: 'Orphan ID', 'fa-AF': 'شماره یتیم', 'ps-AF': 'د یتیم شمېره' },
  firstName: { en: 'First Name', 'fa-AF': 'نام', 'ps-AF': 'نوم' },
  lastName: { en: 'Last Name', 'fa-AF': 'تخلص', 'ps-AF': 'تخلص' },
  fatherName: { en: "Father's Name", 'fa-AF': 'نام پدر', 'ps-AF': 'د پلار نوم' },
  site: { en: 'Site', 'fa-AF': 'مرکز', 'ps-AF': 'مرکز' },
  classGrade: { en: 'Grade', 'fa-AF': 'صنف', 'ps-AF': 'ټولګی' },
  year: { en: 'Year', 'fa-AF': 'سال', 'ps-AF': 'کال' },
} as const satisfies Record<string, Texts>;
export type Heading = keyof typeof HEADINGS;

/** What a Solar Hijri date column's heading adds to its Gregorian twin's. */
export const SOLAR_HIJRI: Texts = { en: 'Solar Hijri', 'fa-AF': 'هجری شمسی', 'ps-AF': 'لمریز هجري' };

/** Grade 0 of the school (spec section 3), as the screens name it. */
export const PREP_TEXT: Texts = { en: 'PREP', 'fa-AF': 'آمادگی', 'ps-AF': 'چمتووالی' };

/**
 * Stored values shown as words in the reader's language: the fixed choices (gender, status,
 * medical condition, term, course type) and the common guardian relationships and subjects that
 * staff type. A value missing here (a name, a subject of the school's own) is written as stored.
 */
export const CHOICE_TEXTS: Record<string, Texts> = {
  male: { en: 'Male', 'fa-AF': 'پسر', 'ps-AF': 'هلک' },
  female: { en: 'Female', 'fa-AF': 'دختر', 'ps-AF': 'نجلۍ' },
  other: { en: 'Other', 'fa-AF': 'دیگر', 'ps-AF': 'نور' },
  active: { en: 'Active', 'fa-AF': 'فعال', 'ps-AF': 'فعال' },
  inactive: { en: 'Inactive', 'fa-AF': 'غیرفعال', 'ps-AF': 'غیرفعال' },
  graduated: { en: 'Graduated', 'fa-AF': 'فارغ', 'ps-AF': 'فارغ' },
  Healthy: { en: 'Healthy', 'fa-AF': 'صحتمند', 'ps-AF': 'روغ' },
  'Minor Issues': { en: 'Minor Issues', 'fa-AF': 'مشکلات جزئی', 'ps-AF': 'لږې ستونزې' },
  'Needs Attention': { en: 'Needs Attention', 'fa-AF': 'نیاز به توجه', 'ps-AF': 'پاملرنې ته اړتیا' },
  Critical: { en: 'Critical', 'fa-AF': 'وخیم', 'ps-AF': 'جدي' },
  // Terms (as the results screens name them).
  'First Term': { en: 'First Term', 'fa-AF': 'دورهٔ اول', 'ps-AF': 'لومړۍ دوره' },
  'Second Term': { en: 'Second Term', 'fa-AF': 'دورهٔ دوم', 'ps-AF': 'دویمه دوره' },
  'Third Term': { en: 'Third Term', 'fa-AF': 'دورهٔ سوم', 'ps-AF': 'درېیمه دوره' },
  Final: { en: 'Final', 'fa-AF': 'نهایی', 'ps-AF': 'وروستۍ' },
  Monthly: { en: 'Monthly', 'fa-AF': 'ماهانه', 'ps-AF': 'میاشتنۍ' },
  Year: { en: 'Year', 'fa-AF': 'سالانه', 'ps-AF': 'کلنۍ' },
  // Course types.
  Language: { en: 'Language', 'fa-AF': 'زبان', 'ps-AF': 'ژبه' },
  Computer: { en: 'Computer', 'fa-AF': 'کمپیوتر', 'ps-AF': 'کمپیوټر' },
  Art: { en: 'Art', 'fa-AF': 'هنر', 'ps-AF': 'هنر' },
  Sport: { en: 'Sport', 'fa-AF': 'ورزش', 'ps-AF': 'سپورت' },
  Vocational: { en: 'Vocational', 'fa-AF': 'حرفه‌ای', 'ps-AF': 'مسلکي' },
  Other: { en: 'Other', 'fa-AF': 'دیگر', 'ps-AF': 'نور' },
  // Guardian relationships.
  Mother: { en: 'Mother', 'fa-AF': 'مادر', 'ps-AF': 'مور' },
  Uncle: { en: 'Uncle', 'fa-AF': 'کاکا', 'ps-AF': 'تره' },
  'Maternal Uncle': { en: 'Maternal Uncle', 'fa-AF': 'ماما', 'ps-AF': 'ماما' },
  Aunt: { en: 'Aunt', 'fa-AF': 'عمه', 'ps-AF': 'ترور' },
  'Maternal Aunt': { en: 'Maternal Aunt', 'fa-AF': 'خاله', 'ps-AF': 'خاله' },
  Grandfather: { en: 'Grandfather', 'fa-AF': 'پدرکلان', 'ps-AF': 'نیکه' },
  Grandmother: { en: 'Grandmother', 'fa-AF': 'مادرکلان', 'ps-AF': 'انا' },
  Brother: { en: 'Brother', 'fa-AF': 'برادر', 'ps-AF': 'ورور' },
  Sister: { en: 'Sister', 'fa-AF': 'خواهر', 'ps-AF': 'خور' },
  Cousin: { en: 'Cousin', 'fa-AF': 'بچهٔ کاکا', 'ps-AF': 'د تره زوی' },
  Stepmother: { en: 'Stepmother', 'fa-AF': 'مادراندر', 'ps-AF': 'مېره' },
  Guardian: { en: 'Guardian', 'fa-AF': 'سرپرست', 'ps-AF': 'سرپرست' },
  // Subjects the school teaches.
  Mathematics: { en: 'Mathematics', 'fa-AF': 'ریاضی', 'ps-AF': 'ریاضي' },
  Science: { en: 'Science', 'fa-AF': 'ساینس', 'ps-AF': 'ساینس' },
  Physics: { en: 'Physics', 'fa-AF': 'فزیک', 'ps-AF': 'فزیک' },
  Chemistry: { en: 'Chemistry', 'fa-AF': 'کیمیا', 'ps-AF': 'کیمیا' },
  Biology: { en: 'Biology', 'fa-AF': 'بیولوژی', 'ps-AF': 'بیولوژي' },
  History: { en: 'History', 'fa-AF': 'تاریخ', 'ps-AF': 'تاریخ' },
  Geography: { en: 'Geography', 'fa-AF': 'جغرافیه', 'ps-AF': 'جغرافیه' },
  'Islamic Studies': { en: 'Islamic Studies', 'fa-AF': 'تعلیمات اسلامی', 'ps-AF': 'اسلامي زده کړې' },
  Dari: { en: 'Dari', 'fa-AF': 'دری', 'ps-AF': 'دري' },
  Pashto: { en: 'Pashto', 'fa-AF': 'پشتو', 'ps-AF': 'پښتو' },
  English: { en: 'English', 'fa-AF': 'انگلیسی', 'ps-AF': 'انګلیسي' },
  Conduct: { en: 'Conduct', 'fa-AF': 'رفتار', 'ps-AF': 'چلند' },
};

/** The same words whatever their case or spacing as typed ("uncle", " Uncle "). */
const CHOICE_BY_FOLDED = new Map(Object.entries(CHOICE_TEXTS).map(([key, texts]) => [key.toLowerCase(), texts]));

export function choiceText(value: string | null, language: ExportLanguage): string | null {
  if (value === null) return null;
  const exact = CHOICE_TEXTS[value]?.[language];
  if (exact !== undefined) return exact;
  // Typed text in English stays as typed; in Dari and Pashto a known word is translated.
  if (language === 'en') return value;
  return CHOICE_BY_FOLDED.get(value.trim().replace(/\s+/g, ' ').toLowerCase())?.[language] ?? value;
}
