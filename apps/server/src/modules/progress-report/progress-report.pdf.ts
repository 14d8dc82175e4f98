import { ATTENDANCE_RATE_MESSAGES, attendanceRate } from '@app/shared/attendance-rate';
import { roundPercent } from '@app/shared/grade-bands';
import { localiseMessage } from '@app/shared/i18n/localise';
import type { AttendanceSummaryResponse } from '@app/shared/schemas/attendance.schema';
import { isolateLtr } from './bidi-text.ts';
import type { OrphanResultsResponse, Result, ResultAverages } from '@app/shared/schemas/result.schema';
import { fill, REPORT_LABELS, type ReportLabels, type ReportLanguage } from './progress-report.labels.ts';
import { ageOn, ReportFormat, type ReportCalendar } from './report-format.ts';
import { reportFonts } from './report-fonts.ts';
import { fullName } from '../orphans/orphans.service.ts';
import { TextWriter, type LineOptions } from './report-text.ts';

/** What one report shows, read and checked by the service; `hidden` where the reader may not see that part. */
export interface ReportContent {
  language: ReportLanguage;
  calendar: ReportCalendar;
  now: Date;
  child: {
    id: number;
    first_name: string;
    last_name: string;
    /** Absent for a reader who may not view the family class. */
    father_name?: string | null;
    dob: string | null;
    gender: string | null;
    class_grade: string | null;
    admission_date: string | null;
    status: string | null;
  };
  /** The photo as a JPEG, or null for the placeholder. */
  photo: Buffer | null;
  results: OrphanResultsResponse['data']['years'] | 'hidden';
  attendance: AttendanceSummaryResponse['data']['months'] | 'hidden';
}

/** Years of results a report shows (newest first): a sponsor reads this year's and last year's progress. */
export const REPORT_RESULT_YEARS = 2;
/** Months of attendance a report shows: the last twelve recorded. */
export const REPORT_ATTENDANCE_MONTHS = 12;

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const COLOR = { text: '#1f2937', muted: '#6b7280', accent: '#1d4ed8', rule: '#d1d5db', band: '#f3f4f6', bar: '#16a34a', barBack: '#e5e7eb' };
const BODY: LineOptions = { size: 10 };

/** The report as PDF bytes. pdfkit is loaded with the first report, not at start (decision 0020). */
export async function renderProgressReport(content: ReportContent): Promise<Buffer> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), reportFonts()]);
  const labels = REPORT_LABELS[content.language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: content.language,
    displayTitle: true,
    info: { Title: `${labels.title} — ${fullName(content.child)}`, Subject: labels.title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new ReportLayout(doc, new TextWriter(doc, labels.direction, fonts), labels, new ReportFormat(content.language, content.calendar)).draw(content);
  doc.end();
  return done;
}

/** A column of a table: its share of the width, in reading order. */
interface Column {
  width: number;
  align?: LineOptions['align'];
}

class ReportLayout {
  private y = PAGE.margin;
  private readonly rtl: boolean;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly text: TextWriter,
    private readonly labels: ReportLabels,
    private readonly format: ReportFormat,
  ) {
    this.rtl = text.direction === 'rtl';
  }

  /** The page x of a box `width` wide that starts `offset` from the reading start of the content. */
  private x(offset: number, width: number, left = PAGE.margin, span = CONTENT): number {
    return this.rtl ? left + span - offset - width : left + offset;
  }

  /** Room for `height` more on this page, else a new page. */
  private ensure(height: number): void {
    if (this.y + height <= PAGE.height - PAGE.margin) return;
    this.doc.addPage();
    this.y = PAGE.margin;
  }

  draw(c: ReportContent): void {
    this.header(c);
    this.details(c);
    this.results(c.results);
    this.attendance(c.attendance);
    this.note(c);
  }

  private header(c: ReportContent): void {
    const title: LineOptions = { size: 20, bold: true, color: COLOR.accent };
    this.text.line(this.labels.title, PAGE.margin, this.y, CONTENT, title);
    const date: LineOptions = { size: 9, color: COLOR.muted, align: 'end' };
    this.text.line(fill(this.labels.generatedOn, { date: this.format.today(c.now) }), PAGE.margin, this.y + 8, CONTENT, date);
    this.y += this.text.lineHeight(title);
    this.text.line(fullName(c.child), PAGE.margin, this.y, CONTENT, { size: 14, bold: true, fit: true });
    this.y += this.text.lineHeight({ size: 14 }) + 4;
    this.rule();
  }

  private rule(): void {
    this.doc.moveTo(PAGE.margin, this.y).lineTo(PAGE.margin + CONTENT, this.y).lineWidth(0.6).strokeColor(COLOR.rule).stroke();
    this.y += 10;
  }

  /** Photo at the reading start, the basic details beside it. */
  private details(c: ReportContent): void {
    const photo = { width: 110, height: 132 };
    const top = this.y;
    const px = this.x(0, photo.width);
    if (c.photo) {
      this.doc.image(c.photo, px, top, { fit: [photo.width, photo.height], align: 'center', valign: 'center' });
    } else {
      this.doc.rect(px, top, photo.width, photo.height).fillColor(COLOR.band).fill();
      this.text.line(this.labels.noPhoto, px, top + photo.height / 2 - 8, photo.width, { size: 9, color: COLOR.muted, align: 'center' });
    }

    const l = this.labels;
    const child = c.child;
    const age = child.dob ? ageOn(child.dob, c.now) : null;
    const grade = child.class_grade === null ? null : child.class_grade === '0' ? l.prep : fill(l.gradeN, { n: this.format.integer(Number(child.class_grade)) });
    const rows: Array<[string, string | null]> = [
      [l.name, fullName(child)],
      // Left out, not blank, for a reader who may not view the family class.
      ...(child.father_name === undefined ? [] : [[l.fatherName, child.father_name] as [string, string | null]]),
      [l.dob, child.dob ? `${this.format.date(child.dob)}${age === null ? '' : ` (${fill(l.ageYears, { age: this.format.integer(age) })})`}` : null],
      [l.gender, child.gender ? (l.genders[child.gender] ?? child.gender) : null],
      [l.grade, grade],
      [l.admissionDate, child.admission_date ? this.format.date(child.admission_date) : null],
      [l.status, child.status ? (l.statuses[child.status] ?? child.status) : null],
    ];
    const gap = 18;
    const left = photo.width + gap;
    const labelWidth = 110;
    const valueWidth = CONTENT - left - labelWidth;
    this.text.line(l.basicInfo, this.x(left, CONTENT - left), top, CONTENT - left, { size: 12, bold: true, color: COLOR.accent });
    let y = top + this.text.lineHeight({ size: 12 });
    for (const [label, value] of rows) {
      this.text.line(label, this.x(left, labelWidth), y, labelWidth, { ...BODY, bold: true, color: COLOR.muted, fit: true });
      this.text.line(value || '-', this.x(left + labelWidth, valueWidth), y, valueWidth, { ...BODY, fit: true });
      y += this.text.lineHeight(BODY);
    }
    this.y = Math.max(top + photo.height, y) + 14;
  }

  private sectionTitle(title: string): void {
    // A title never ends a page alone: room for it and a few lines after it.
    this.ensure(80);
    this.text.line(title, PAGE.margin, this.y, CONTENT, { size: 14, bold: true, color: COLOR.accent });
    this.y += this.text.lineHeight({ size: 14 }) + 2;
  }

  private message(text: string): void {
    this.y += this.text.paragraph(text, PAGE.margin, this.y, CONTENT, { ...BODY, color: COLOR.muted }) + 10;
  }

  /** A table row: cells in reading order, the header row bold on a band. */
  private row(columns: readonly Column[], cells: readonly string[], header = false): void {
    const style: LineOptions = header ? { ...BODY, bold: true } : BODY;
    const height = this.text.lineHeight(style) + 4;
    this.ensure(height);
    if (header) this.doc.rect(PAGE.margin, this.y, CONTENT, height).fillColor(COLOR.band).fill();
    let offset = 0;
    columns.forEach((col, i) => {
      const pad = 6;
      this.text.line(cells[i] ?? '', this.x(offset + pad, col.width - 2 * pad), this.y + 2, col.width - 2 * pad, { ...style, align: col.align, fit: true });
      offset += col.width;
    });
    this.y += height;
    if (!header) this.doc.moveTo(PAGE.margin, this.y).lineTo(PAGE.margin + CONTENT, this.y).lineWidth(0.3).strokeColor(COLOR.rule).stroke();
  }

  private results(years: ReportContent['results']): void {
    const l = this.labels;
    this.sectionTitle(l.results);
    if (years === 'hidden') return this.message(l.resultsHidden);
    if (!years.length) return this.message(l.noResults);
    const columns: Column[] = [{ width: CONTENT * 0.4 }, { width: CONTENT * 0.22 }, { width: CONTENT * 0.22, align: 'center' }, { width: CONTENT * 0.16, align: 'center' }];
    for (const year of years.slice(0, REPORT_RESULT_YEARS)) {
      this.ensure(70);
      this.text.line(fill(l.year, { year: this.format.year(year.year) }), PAGE.margin, this.y, CONTENT, { size: 12, bold: true });
      this.y += this.text.lineHeight({ size: 12 });
      for (const term of year.terms) {
        this.ensure(60);
        this.text.line(term.term === null ? l.noTerm : (l.terms[term.term] ?? term.term), PAGE.margin, this.y, CONTENT, { size: 11, bold: true, color: COLOR.muted });
        this.y += this.text.lineHeight({ size: 11 });
        this.row(columns, [l.subject, l.type, l.score, l.letterGrade], true);
        for (const r of term.results) this.row(columns, [r.subject ?? '-', l.types[r.result_type], this.score(r), r.grade ? isolateLtr(r.grade) : '-']);
        this.averages(term.averages);
      }
      this.y += 6;
    }
  }

  /** "30 / 50 (60 %)": the score out of its total, and its percentage. */
  private score(r: Result): string {
    if (r.score === null) return '-';
    const outOf = r.result_type === 'discipline' ? 100 : r.total;
    if (outOf === null) return this.format.number(r.score);
    const marks = `${this.format.number(r.score)} / ${this.format.number(outOf)}`;
    return r.percent === null || r.result_type === 'discipline' ? marks : `${marks} (${this.format.percent(r.percent)})`;
  }

  /** "Average (% of total marks) — Education: 72.5 % · Course: 70 %", the types that have one. */
  private averages(a: ResultAverages): void {
    const l = this.labels;
    const parts = (Object.keys(l.types) as Array<keyof ResultAverages>)
      .filter((type) => a[type].average_percent !== null)
      .map((type) => `${l.types[type]}: ${this.format.percent(a[type].average_percent!)}`);
    if (!parts.length) return;
    this.ensure(this.text.lineHeight(BODY) + 8);
    this.y += 3;
    this.y += this.text.paragraph(`${l.averages} — ${parts.join(' · ')}`, PAGE.margin, this.y, CONTENT, { ...BODY, bold: true }) + 8;
  }

  private attendance(months: ReportContent['attendance']): void {
    const l = this.labels;
    this.sectionTitle(l.attendance);
    if (months === 'hidden') return this.message(l.attendanceHidden);
    if (!months.length) return this.message(l.noAttendance);
    const shown = latestMonths(months);
    const numeric = { width: CONTENT * 0.1, align: 'center' as const };
    // The month is wide enough for a Solar Hijri reader's two months ("Hut 1404 – Hamal 1405").
    const columns: Column[] = [{ width: CONTENT * 0.3 }, numeric, numeric, numeric, numeric, { width: CONTENT * 0.3 }];
    this.row(columns, [l.month, l.present, l.absent, l.late, l.excused, l.rate], true);
    for (const m of shown) {
      const rate = m.attendance_rate;
      this.row(columns, [this.format.month(m.year, m.month), ...[m.present_days, m.absent_days, m.late_days, m.excused_days].map((n) => this.format.integer(n)), '']);
      this.rateBar(columns, rate);
    }
    this.y += 4;
    this.y += this.text.paragraph(localiseMessage(ATTENDANCE_RATE_MESSAGES.definition, this.format.language), PAGE.margin, this.y, CONTENT, { ...BODY, color: COLOR.muted }) + 8;
  }

  /** The rate's figure and a bar of it in the last column of the row just drawn. */
  private rateBar(columns: readonly Column[], rate: number | null): void {
    const last = columns[columns.length - 1]!;
    const offset = columns.slice(0, -1).reduce((sum, c) => sum + c.width, 0) + 6;
    const height = this.text.lineHeight(BODY) + 4;
    const top = this.y - height;
    const figureWidth = 44;
    this.text.line(rate === null ? '-' : this.format.percent(rate), this.x(offset, figureWidth), top + 2, figureWidth, BODY);
    const barWidth = last.width - figureWidth - 18;
    const barX = this.x(offset + figureWidth + 4, barWidth);
    const barY = top + height / 2 - 4;
    this.doc.rect(barX, barY, barWidth, 8).fillColor(COLOR.barBack).fill();
    if (rate !== null && rate > 0) {
      const filled = (barWidth * Math.min(rate, 100)) / 100;
      // The bar fills from the reading start: the right in Dari and Pashto.
      this.doc.rect(this.rtl ? barX + barWidth - filled : barX, barY, filled, 8).fillColor(COLOR.bar).fill();
    }
  }

  private note(c: ReportContent): void {
    const l = this.labels;
    const name = fullName(c.child);
    const sentences: string[] = [];
    if (c.results !== 'hidden') {
      // Percentages of each result's total marks, never raw scores out of different totals.
      const education = c.results.slice(0, REPORT_RESULT_YEARS).flatMap((y) => y.terms.flatMap((t) => t.results)).filter((r) => r.result_type === 'education' && r.percent !== null);
      if (education.length) {
        const average = roundPercent(education.reduce((s, r) => s + r.percent!, 0) / education.length);
        sentences.push(fill(l.noteResults, { name, average: this.format.percent(average) }));
      }
    }
    if (c.attendance !== 'hidden' && c.attendance.length) {
      const shown = latestMonths(c.attendance);
      const counted = shown.reduce(
        (s, m) => ({ present_days: s.present_days + m.present_days, absent_days: s.absent_days + m.absent_days, late_days: s.late_days + m.late_days, excused_days: s.excused_days + m.excused_days }),
        { present_days: 0, absent_days: 0, late_days: 0, excused_days: 0 },
      );
      const rate = attendanceRate(counted);
      if (rate !== null) {
        sentences.push(fill(l.noteAttendance, { name, months: this.format.integer(shown.length), rate: this.format.percent(rate) }));
      }
    }
    if (!sentences.length) sentences.push(fill(l.noteNothing, { name }));
    sentences.push(fill(l.noteThanks, { name }));
    this.sectionTitle(l.note);
    this.y += this.text.paragraph(sentences.join(' '), PAGE.margin, this.y, CONTENT, { size: 11 });
  }
}

/** The last REPORT_ATTENDANCE_MONTHS months recorded, oldest first. */
function latestMonths<T extends { year: number; month: number }>(months: readonly T[]): T[] {
  return [...months]
    .sort((a, b) => b.year - a.year || b.month - a.month)
    .slice(0, REPORT_ATTENDANCE_MONTHS)
    .reverse();
}
