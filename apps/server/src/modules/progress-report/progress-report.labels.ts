import type { Language } from '@app/shared/i18n/languages';
import type { Direction } from './bidi-text.ts';

/**
 * The report's words in English, Dari and Pashto. The report is a document sent to sponsors, not
 * a screen: its texts live with it on the server rather than in the web app's locales. Values
 * are filled in where they say `{name}`; numbers and dates arrive already written for the
 * language (Intl).
 */
export type ReportLanguage = Language;

export interface ReportLabels {
  direction: Direction;
  title: string;
  generatedOn: string;
  basicInfo: string;
  name: string;
  fatherName: string;
  dob: string;
  ageYears: string;
  gender: string;
  genders: Record<string, string>;
  grade: string;
  prep: string;
  gradeN: string;
  admissionDate: string;
  status: string;
  statuses: Record<string, string>;
  noPhoto: string;
  results: string;
  resultsHidden: string;
  noResults: string;
  year: string;
  noTerm: string;
  terms: Record<string, string>;
  subject: string;
  type: string;
  score: string;
  letterGrade: string;
  types: Record<'education' | 'discipline' | 'course', string>;
  averages: string;
  attendance: string;
  attendanceHidden: string;
  noAttendance: string;
  month: string;
  present: string;
  absent: string;
  late: string;
  excused: string;
  rate: string;
  note: string;
  noteResults: string;
  noteAttendance: string;
  noteNothing: string;
  noteThanks: string;
}

const en: ReportLabels = {
  direction: 'ltr',
  title: 'Progress report',
  generatedOn: 'Prepared on {date}',
  basicInfo: 'Basic information',
  name: 'Name',
  fatherName: "Father's name",
  dob: 'Date of birth',
  ageYears: '{age} years old',
  gender: 'Gender',
  genders: { male: 'Male', female: 'Female', other: 'Other' },
  grade: 'Grade',
  prep: 'PREP',
  gradeN: 'Grade {n}',
  admissionDate: 'Admission date',
  status: 'Status',
  statuses: { active: 'Active', inactive: 'Inactive', graduated: 'Graduated' },
  noPhoto: 'No Photo',
  results: 'Results by term',
  resultsHidden: 'Results are not shown: your account may not view results.',
  noResults: 'No results have been recorded yet.',
  year: 'School year {year}',
  noTerm: 'Without a term',
  terms: {
    'First Term': 'First Term',
    'Second Term': 'Second Term',
    'Third Term': 'Third Term',
    Final: 'Final',
    Monthly: 'Monthly',
    Year: 'Year',
  },
  subject: 'Subject',
  type: 'Type',
  score: 'Score',
  letterGrade: 'Grade',
  types: { education: 'Education', discipline: 'Discipline', course: 'Course' },
  averages: 'Average (% of total marks)',
  attendance: 'Attendance by month',
  attendanceHidden: 'Attendance is not shown: your account may not view attendance.',
  noAttendance: 'No attendance has been recorded yet.',
  month: 'Month',
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  excused: 'Excused',
  rate: 'Attendance rate',
  note: 'Note',
  noteResults: "{name}'s education results average {average} of the total marks.",
  noteAttendance: 'Over the last {months} months recorded, {name} attended {rate} of school days.',
  noteNothing: 'Nothing has been recorded for {name} yet.',
  noteThanks: "Thank you for supporting {name}'s education.",
};

const faAF: ReportLabels = {
  direction: 'rtl',
  title: 'گزارش پیشرفت',
  generatedOn: 'تاریخ تهیه: {date}',
  basicInfo: 'معلومات اساسی',
  name: 'نام',
  fatherName: 'نام پدر',
  dob: 'تاریخ تولد',
  ageYears: '{age} ساله',
  gender: 'جنسیت',
  genders: { male: 'پسر', female: 'دختر', other: 'دیگر' },
  grade: 'صنف',
  prep: 'آمادگی',
  gradeN: 'صنف {n}',
  admissionDate: 'تاریخ پذیرش',
  status: 'وضعیت',
  statuses: { active: 'فعال', inactive: 'غیرفعال', graduated: 'فارغ‌التحصیل' },
  noPhoto: 'عکس موجود نیست',
  results: 'نتایج به تفکیک ترم',
  resultsHidden: 'نتایج نشان داده نمی‌شود: حساب شما اجازهٔ دیدن نتایج را ندارد.',
  noResults: 'هنوز نتیجه‌ای ثبت نشده است.',
  year: 'سال تعلیمی {year}',
  noTerm: 'بدون ترم',
  terms: {
    'First Term': 'ترم اول',
    'Second Term': 'ترم دوم',
    'Third Term': 'ترم سوم',
    Final: 'امتحان نهایی',
    Monthly: 'ماهانه',
    Year: 'سالانه',
  },
  subject: 'مضمون',
  type: 'نوع',
  score: 'نمره',
  letterGrade: 'درجه',
  types: { education: 'تعلیمی', discipline: 'انضباط', course: 'کورس' },
  averages: 'اوسط (فیصدی از مجموع نمرات)',
  attendance: 'حاضری به تفکیک ماه',
  attendanceHidden: 'حاضری نشان داده نمی‌شود: حساب شما اجازهٔ دیدن حاضری را ندارد.',
  noAttendance: 'هنوز حاضری ثبت نشده است.',
  month: 'ماه',
  present: 'حاضر',
  absent: 'غایب',
  late: 'ناوقت',
  excused: 'رخصت',
  rate: 'فیصدی حاضری',
  note: 'یادداشت',
  noteResults: 'نتایج تعلیمی {name} به‌طور اوسط {average} مجموع نمرات است.',
  noteAttendance: '{name} در {months} ماه اخیرِ ثبت‌شده در {rate} روزهای درسی حاضر بوده است.',
  noteNothing: 'برای {name} هنوز چیزی ثبت نشده است.',
  noteThanks: 'از حمایت شما از تعلیم {name} سپاسگزاریم.',
};

const psAF: ReportLabels = {
  direction: 'rtl',
  title: 'د پرمختګ راپور',
  generatedOn: 'د جوړېدو نېټه: {date}',
  basicInfo: 'بنسټیز معلومات',
  name: 'نوم',
  fatherName: 'د پلار نوم',
  dob: 'د زېږېدو نېټه',
  ageYears: '{age} کلن',
  gender: 'جنسیت',
  genders: { male: 'هلک', female: 'نجلۍ', other: 'نور' },
  grade: 'ټولګی',
  prep: 'تیاری ټولګی',
  gradeN: '{n} ټولګی',
  admissionDate: 'د شمولیت نېټه',
  status: 'حالت',
  statuses: { active: 'فعال', inactive: 'غیر فعال', graduated: 'فارغ شوی' },
  noPhoto: 'انځور نشته',
  results: 'پایلې د ترم له مخې',
  resultsHidden: 'پایلې نه ښودل کېږي: ستاسو حساب د پایلو د لیدو اجازه نه لري.',
  noResults: 'تر اوسه کومه پایله نه ده ثبت شوې.',
  year: 'تعلیمي کال {year}',
  noTerm: 'بې ترمه',
  terms: {
    'First Term': 'لومړی ترم',
    'Second Term': 'دوهم ترم',
    'Third Term': 'درېیم ترم',
    Final: 'وروستۍ ازموینه',
    Monthly: 'میاشتنی',
    Year: 'کلنی',
  },
  subject: 'مضمون',
  type: 'ډول',
  score: 'نمره',
  letterGrade: 'درجه',
  types: { education: 'تعلیمي', discipline: 'ډسپلین', course: 'کورس' },
  averages: 'اوسط (د ټولو نمرو سلنه)',
  attendance: 'حاضري د میاشتې له مخې',
  attendanceHidden: 'حاضري نه ښودل کېږي: ستاسو حساب د حاضرۍ د لیدو اجازه نه لري.',
  noAttendance: 'تر اوسه حاضري نه ده ثبت شوې.',
  month: 'میاشت',
  present: 'حاضر',
  absent: 'غیر حاضر',
  late: 'ناوخته',
  excused: 'رخصت',
  rate: 'د حاضرۍ سلنه',
  note: 'یادښت',
  noteResults: 'د {name} تعلیمي پایلې په اوسط ډول د ټولو نمرو {average} دي.',
  noteAttendance: 'په وروستیو {months} ثبت شویو میاشتو کې د {name} حاضري د درسي ورځو {rate} وه.',
  noteNothing: 'د {name} لپاره تر اوسه څه نه دي ثبت شوي.',
  noteThanks: 'د {name} د زده کړې د ملاتړ له امله مو مننه.',
};

export const REPORT_LABELS: Record<ReportLanguage, ReportLabels> = { en, 'fa-AF': faAF, 'ps-AF': psAF };

/** `{name}` in `text` replaced by `values.name`, and so on. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
