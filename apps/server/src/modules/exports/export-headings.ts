import { RTL_LANGUAGES, type Language } from '@app/shared/i18n/languages';

/**
 * What an exported sheet says in the staff member's language: column headings, sheet names and
 * the few stored choices a reader sees as words (gender, status, medical condition). Names,
 * notes and other typed text stay as they were entered. English is the source; Dari (fa-AF) and
 * Pashto (ps-AF) sheets are also written right to left (xlsx-writer.ts).
 */

export type ExportLanguage = Language;

export const isRightToLeft = (language: ExportLanguage): boolean => RTL_LANGUAGES.has(language);

type Texts = Record<ExportLanguage, string>;

export const HEADINGS = {
  id: { en: 'ID', 'fa-AF': 'شماره', 'ps-AF': 'شمېره' },
  orphanId: { en: 'Orphan ID', 'fa-AF': 'شماره یتیم', 'ps-AF': 'د یتیم شمېره' },
  firstName: { en: 'First Name', 'fa-AF': 'نام', 'ps-AF': 'نوم' },
  lastName: { en: 'Last Name', 'fa-AF': 'تخلص', 'ps-AF': 'تخلص' },
  fatherName: { en: "Father's Name", 'fa-AF': 'نام پدر', 'ps-AF': 'د پلار نوم' },
  gender: { en: 'Gender', 'fa-AF': 'جنسیت', 'ps-AF': 'جنسیت' },
  dob: { en: 'Date of Birth', 'fa-AF': 'تاریخ تولد', 'ps-AF': 'د زېږېدو نېټه' },
  age: { en: 'Age', 'fa-AF': 'سن', 'ps-AF': 'عمر' },
  classGrade: { en: 'Grade', 'fa-AF': 'صنف', 'ps-AF': 'ټولګی' },
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
  subject: { en: 'Subject', 'fa-AF': 'مضمون', 'ps-AF': 'مضمون' },
  term: { en: 'Term', 'fa-AF': 'دوره', 'ps-AF': 'دوره' },
  examDate: { en: 'Exam Date', 'fa-AF': 'تاریخ امتحان', 'ps-AF': 'د ازموینې نېټه' },
  year: { en: 'Year', 'fa-AF': 'سال', 'ps-AF': 'کال' },
  total: { en: 'Total', 'fa-AF': 'مجموع نمرات', 'ps-AF': 'ټولې نمرې' },
  average: { en: 'Average', 'fa-AF': 'اوسط', 'ps-AF': 'اوسط' },
  score: { en: 'Score', 'fa-AF': 'نمره', 'ps-AF': 'نمره' },
  grade: { en: 'Grade', 'fa-AF': 'درجه', 'ps-AF': 'درجه' },
  ethicsScore: { en: 'Ethics Score', 'fa-AF': 'نمره اخلاق', 'ps-AF': 'د اخلاقو نمره' },
  uniformScore: { en: 'Uniform Score', 'fa-AF': 'نمره یونیفورم', 'ps-AF': 'د یونیفورم نمره' },
  relationshipScore: { en: 'Relationship Score', 'fa-AF': 'نمره روابط', 'ps-AF': 'د اړیکو نمره' },
  courseType: { en: 'Course Type', 'fa-AF': 'نوع کورس', 'ps-AF': 'د کورس ډول' },
  assessedBy: { en: 'Assessed By', 'fa-AF': 'ارزیابی کننده', 'ps-AF': 'ارزونکی' },
  comments: { en: 'Comments', 'fa-AF': 'ملاحظات', 'ps-AF': 'نظرونه' },
  month: { en: 'Month', 'fa-AF': 'ماه', 'ps-AF': 'میاشت' },
  presentDays: { en: 'Present Days', 'fa-AF': 'روزهای حاضر', 'ps-AF': 'حاضرې ورځې' },
  absentDays: { en: 'Absent Days', 'fa-AF': 'روزهای غیرحاضر', 'ps-AF': 'غیرحاضرې ورځې' },
  lateDays: { en: 'Late Days', 'fa-AF': 'روزهای تأخیر', 'ps-AF': 'ځنډې ورځې' },
  excusedDays: { en: 'Excused Days', 'fa-AF': 'روزهای رخصتی', 'ps-AF': 'رخصتي ورځې' },
  totalDays: { en: 'Total Days', 'fa-AF': 'مجموع روزها', 'ps-AF': 'ټولې ورځې' },
  attendanceRate: { en: 'Attendance Rate', 'fa-AF': 'فیصدی حاضری', 'ps-AF': 'د حاضرۍ سلنه' },
  absenceReasons: { en: 'Absence Reasons', 'fa-AF': 'دلایل غیرحاضری', 'ps-AF': 'د غیرحاضرۍ لاملونه' },
  notes: { en: 'Notes', 'fa-AF': 'یادداشت‌ها', 'ps-AF': 'یادښتونه' },
} as const satisfies Record<string, Texts>;
export type Heading = keyof typeof HEADINGS;

/** Sheet names (Excel allows at most 31 characters and no `[]:*?/\`). */
export const SHEET_NAMES = {
  orphans: { en: 'Orphans', 'fa-AF': 'یتیمان', 'ps-AF': 'یتیمان' },
  results: { en: 'Results', 'fa-AF': 'نتایج', 'ps-AF': 'پایلې' },
  attendance: { en: 'Attendance', 'fa-AF': 'حاضری', 'ps-AF': 'حاضري' },
} as const satisfies Record<string, Texts>;

/** Stored choices shown as words; a value missing here (a future choice) is written as stored. */
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
};

export function choiceText(value: string | null, language: ExportLanguage): string | null {
  if (value === null) return null;
  return CHOICE_TEXTS[value]?.[language] ?? value;
}
