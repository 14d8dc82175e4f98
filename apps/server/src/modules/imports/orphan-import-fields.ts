import type { Language } from '@app/shared/i18n/languages';
import type { OrphanData } from '@app/shared/schemas/orphan.schema';
import { foldForSearch } from '@app/shared/search-folding';

/**
 * How a child's spreadsheet names its columns and writes its choices, in English, Dari and
 * Pashto. Each field's first name in a language is the heading the template writes; all of them
 * are recognised, folded (case, spacing, Arabic letter variants, Persian digits).
 */

type Headings = Record<Language, readonly string[]>;

export const ORPHAN_HEADINGS: Record<string, Headings> = {
  first_name: { en: ['First name', 'Name', 'Given name', 'First'], 'fa-AF': ['نام', 'اسم'], 'ps-AF': ['نوم', 'لومړی نوم'] },
  last_name: { en: ['Last name', 'Surname', 'Family name', 'Last'], 'fa-AF': ['تخلص', 'نام خانوادگی'], 'ps-AF': ['تخلص', 'کورنی نوم'] },
  father_name: { en: ['Father name', "Father's name", 'Father'], 'fa-AF': ['نام پدر', 'ولد', 'پدر'], 'ps-AF': ['د پلار نوم', 'پلار'] },
  grandfather_name: { en: ['Grandfather name', "Grandfather's name", 'Grandfather'], 'fa-AF': ['نام پدرکلان', 'نام پدر کلان', 'ولدیت'], 'ps-AF': ['د نیکه نوم', 'نیکه'] },
  school_id_number: { en: ['School ID number', 'School ID', 'Student ID'], 'fa-AF': ['نمبر مکتب', 'شماره مکتب', 'آی دی مکتب'], 'ps-AF': ['د ښوونځي شمېره', 'د ښوونځي پېژندنه'] },
  identity_card_number: { en: ['Identity card number', 'Tazkira', 'Tazkera', 'ID card', 'National ID'], 'fa-AF': ['نمبر تذکره', 'تذکره', 'شماره تذکره'], 'ps-AF': ['د تذکرې شمېره', 'تذکره'] },
  dob: { en: ['Date of birth', 'DOB', 'Birth date', 'Birthday', 'Born'], 'fa-AF': ['تاریخ تولد', 'تولد'], 'ps-AF': ['د زېږېدو نېټه', 'د زیږیدو نیټه', 'زېږېدنه'] },
  gender: { en: ['Gender', 'Sex'], 'fa-AF': ['جنسیت', 'جنس'], 'ps-AF': ['جنسیت', 'جنس'] },
  blood_group: { en: ['Blood group', 'Blood type'], 'fa-AF': ['گروپ خون', 'گروپ خونی'], 'ps-AF': ['د وینې ګروپ'] },
  class_grade: { en: ['Grade', 'Class', 'Class grade'], 'fa-AF': ['صنف', 'درجه'], 'ps-AF': ['ټولګی', 'ټولګي'] },
  phone_number: { en: ['Phone number', 'Phone', 'Mobile'], 'fa-AF': ['شماره تلفن', 'تلفن', 'شماره تماس'], 'ps-AF': ['د تلیفون شمېره', 'تلیفون'] },
  family_contact_number: { en: ['Family contact number', 'Family contact', 'Family phone'], 'fa-AF': ['شماره تماس فامیل', 'تماس فامیل'], 'ps-AF': ['د کورنۍ د اړیکې شمېره'] },
  contact_info: { en: ['Contact info', 'Contact'], 'fa-AF': ['معلومات تماس'], 'ps-AF': ['د اړیکې معلومات'] },
  address: { en: ['Address'], 'fa-AF': ['آدرس', 'نشانی'], 'ps-AF': ['پته', 'ادرس'] },
  guardian_name: { en: ['Guardian name', 'Guardian'], 'fa-AF': ['نام سرپرست', 'سرپرست'], 'ps-AF': ['د سرپرست نوم', 'سرپرست'] },
  guardian_contact: { en: ['Guardian contact', 'Guardian phone'], 'fa-AF': ['تماس سرپرست', 'شماره سرپرست'], 'ps-AF': ['د سرپرست اړیکه'] },
  guardian_relationship: { en: ['Guardian relationship', 'Relationship', 'Relation'], 'fa-AF': ['نسبت سرپرست', 'نسبت', 'قرابت'], 'ps-AF': ['د سرپرست خپلوي', 'خپلوي'] },
  responsible_person: { en: ['Responsible person', 'Responsible'], 'fa-AF': ['شخص مسئول', 'مسئول'], 'ps-AF': ['مسؤل شخص'] },
  admission_date: { en: ['Admission date', 'Date of admission', 'Admitted', 'Enrolment date'], 'fa-AF': ['تاریخ شمولیت', 'تاریخ پذیرش', 'شمولیت'], 'ps-AF': ['د شمولیت نېټه', 'د شمولیت نیټه'] },
  status: { en: ['Status'], 'fa-AF': ['وضعیت', 'حالت'], 'ps-AF': ['حالت'] },
  medical_condition: { en: ['Medical condition', 'Health'], 'fa-AF': ['وضعیت صحی', 'حالت صحی'], 'ps-AF': ['روغتیایي حالت', 'روغتیا'] },
  total_income: { en: ['Total income', 'Income'], 'fa-AF': ['مجموع عاید', 'عاید'], 'ps-AF': ['ټول عاید', 'عاید'] },
  total_expenses: { en: ['Total expenses', 'Expenses'], 'fa-AF': ['مجموع مصارف', 'مصارف'], 'ps-AF': ['ټول لګښتونه', 'لګښتونه'] },
  income_source: { en: ['Income source', 'Source of income'], 'fa-AF': ['منبع عاید'], 'ps-AF': ['د عاید سرچینه'] },
  donor_name: { en: ['Donor name', 'Donor'], 'fa-AF': ['نام تمویل کننده', 'نام اهدا کننده'], 'ps-AF': ['د مرستندوی نوم', 'مرستندوی'] },
  donor_last_name: { en: ['Donor last name', 'Donor surname'], 'fa-AF': ['تخلص تمویل کننده', 'تخلص اهدا کننده'], 'ps-AF': ['د مرستندوی تخلص'] },
  donor_email: { en: ['Donor email', 'Donor e-mail'], 'fa-AF': ['ایمیل تمویل کننده', 'ایمیل اهدا کننده'], 'ps-AF': ['د مرستندوی برېښنالیک'] },
  donor_address: { en: ['Donor address'], 'fa-AF': ['آدرس تمویل کننده', 'آدرس اهدا کننده'], 'ps-AF': ['د مرستندوی پته'] },
  notes: { en: ['Notes', 'Note', 'Remarks', 'Comments'], 'fa-AF': ['ملاحظات', 'یادداشت'], 'ps-AF': ['یادښتونه', 'یادښت'] },
  hobbies: { en: ['Hobbies'], 'fa-AF': ['سرگرمی ها', 'سرگرمی'], 'ps-AF': ['شوقونه'] },
  talents: { en: ['Talents'], 'fa-AF': ['استعدادها', 'استعداد'], 'ps-AF': ['استعدادونه'] },
  special_needs: { en: ['Special needs'], 'fa-AF': ['نیازهای خاص'], 'ps-AF': ['ځانګړې اړتیاوې'] },
};

/** A heading folded for matching: as search folds text, and without spaces, dots, dashes or underscores. */
export const foldHeading = (s: string): string => foldForSearch(s).replace(/[\s._\-'’:*()]+/g, '');

const HEADING_INDEX = new Map<string, string>();
for (const [field, byLanguage] of Object.entries(ORPHAN_HEADINGS)) {
  for (const names of Object.values(byLanguage)) for (const name of names) if (!HEADING_INDEX.has(foldHeading(name))) HEADING_INDEX.set(foldHeading(name), field);
}

/** The field a heading names, if any. */
export function orphanFieldOfHeading(heading: string): string | null {
  return HEADING_INDEX.get(foldHeading(heading)) ?? null;
}

/** The heading a field's column has in `language` (the template's; the import's messages name it so). */
export function orphanHeading(field: string, language: Language): string {
  return ORPHAN_HEADINGS[field]?.[language][0] ?? field;
}

/** The choices of a field as the form stores them, by every way a sheet writes them. */
const CHOICES: Record<string, Record<string, readonly string[]>> = {
  gender: {
    male: ['male', 'm', 'boy', 'man', 'ذکور', 'مذکر', 'پسر', 'نر', 'نارینه', 'هلک'],
    female: ['female', 'f', 'girl', 'woman', 'اناث', 'مونث', 'مؤنث', 'دختر', 'زن', 'ښځینه', 'نجلۍ', 'انجلۍ'],
    other: ['other', 'دیگر', 'نور'],
  },
  status: {
    active: ['active', 'فعال'],
    inactive: ['inactive', 'غیرفعال', 'غیر فعال', 'نافعال'],
    graduated: ['graduated', 'فارغ', 'فارغ التحصیل', 'فارغ شده', 'فارغ شوی'],
  },
  medical_condition: {
    Healthy: ['healthy', 'سالم', 'صحتمند', 'روغ'],
    'Minor Issues': ['minor issues', 'minor', 'مشکلات جزئی', 'مشکل جزئی', 'لږې ستونزې'],
    'Needs Attention': ['needs attention', 'نیاز به توجه', 'پاملرنې ته اړتیا'],
    Critical: ['critical', 'وخیم', 'جدی', 'سخت'],
  },
};

/** Each choice field's accepted words, for the template's explanations. */
export const ORPHAN_CHOICE_WORDS: Record<string, string[]> = Object.fromEntries(Object.entries(CHOICES).map(([field, values]) => [field, Object.values(values).flat()]));

const CHOICE_INDEX = new Map<string, Map<string, string>>(
  Object.entries(CHOICES).map(([field, values]) => [field, new Map(Object.entries(values).flatMap(([value, names]) => names.map((n) => [foldHeading(n), value] as const)))]),
);

const PREP = new Set(['prep', 'kg', 'kindergarten', 'آمادگی', 'امادگی', 'اماده گی', 'امادګي'].map(foldHeading));

/** A grade as the form keeps it ('0' for PREP to '12'): "Grade 5", "صنف ۵", "5th", "Prep", "آمادگی". */
function gradeOf(raw: string): string {
  const folded = foldHeading(raw);
  if (PREP.has(folded)) return '0';
  const digits = /^(?:grade|class|صنف|درجه|ټولګی|ټولګي)?(\d{1,2})(?:st|nd|rd|th)?$/.exec(folded);
  return digits ? String(Number(digits[1])) : raw;
}

/** A cell's value for a choice field: the form's value when the sheet's word is known, else the cell as written (the schema then names it invalid). */
export function orphanChoice(field: string, raw: string): string {
  if (field === 'class_grade') return gradeOf(raw);
  return CHOICE_INDEX.get(field)?.get(foldHeading(raw)) ?? raw;
}

export const ORPHAN_DATE_FIELDS = new Set(['dob', 'admission_date']);
export const ORPHAN_CHOICE_FIELDS = new Set(['gender', 'class_grade', 'status', 'medical_condition']);

/** The key two rows of the same child share: folded first name, last name, father's name and date of birth. */
export function childKey(d: Pick<OrphanData, 'first_name' | 'last_name' | 'dob'> & { father_name?: string | null }): string {
  return [foldForSearch(d.first_name), foldForSearch(d.last_name), foldForSearch(d.father_name ?? ''), d.dob].join('\u0001');
}
