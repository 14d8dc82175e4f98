import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { GRADES, recentYears } from '@app/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { GradeOptions, SCHOOL_YEARS, YearOptions } from '../../../components/school-options.tsx';
import { classChildrenQuery } from '../../../lib/class-children-query.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { classMonthQuery } from '../api/get-class-month.ts';
import { monthsOffered } from '../components/attendance-periods.ts';
import { ClassAttendanceGrid } from '../components/class-attendance-grid.tsx';
import { useAttendanceFormat } from '../components/use-attendance-format.ts';

/** The class, month and year in the URL (a reload or a shared link opens the same grid); unusable values fall back. */
function useClassMonth() {
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const grade = (GRADES as readonly string[]).includes(params.get('grade') ?? '') ? params.get('grade')! : '';
  const years = recentYears(SCHOOL_YEARS, now);
  const year = years.includes(Number(params.get('year'))) ? Number(params.get('year')) : now.getFullYear();
  const months = monthsOffered(year, now);
  const month = months.includes(Number(params.get('month'))) ? Number(params.get('month')) : months[months.length - 1]!;
  const set = (name: 'grade' | 'month' | 'year', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return { grade, month, year, months, set };
}

/** /dashboard/attendance/class — "Take Attendance": a month for a whole class, saved at once (issue 13). */
export function ClassAttendancePage() {
  const { t } = useTranslation('attendance');
  const format = useAttendanceFormat();
  const { grade, month, year, months, set } = useClassMonth();
  const students = useQuery({ ...classChildrenQuery(grade), enabled: grade !== '' });
  const records = useQuery({ ...classMonthQuery(grade, month, year), enabled: grade !== '' });
  const failed = students.error ?? records.error;

  let body;
  if (!grade) body = <EmptyState message={t('class.chooseGrade')} />;
  else if (failed) body = <Notice tone="error">{t('class.loadError', { message: translateMessage(t, failed.message) })}</Notice>;
  else if (!students.data || !records.data) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  } else if (students.data.length === 0) body = <EmptyState message={t('class.noChildren')} />;
  else body = <ClassAttendanceGrid key={`${grade}-${month}-${year}`} month={month} year={year} students={students.data} records={records.data} />;

  return (
    <section aria-labelledby="class-attendance-title" className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="class-attendance-title" className="text-2xl font-semibold">
            {t('class.title')}
          </h2>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('class.subtitle')}</p>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/dashboard/attendance">
            <ArrowLeft className="rtl-flip h-4 w-4" aria-hidden />
            {t('class.back')}
          </Link>
        </Button>
      </div>

      <fieldset className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-3 dark:border-gray-700 dark:bg-gray-900">
        <legend className="px-1 text-base font-semibold">{t('class.setup')}</legend>
        <Field label={t('filters.grade')}>
          {(ids) => (
            <Select {...ids} value={grade} onChange={(e) => set('grade', e.target.value)}>
              <option value="">{t('form.select')}</option>
              <GradeOptions />
            </Select>
          )}
        </Field>
        <Field label={t('filters.month')}>
          {(ids) => (
            <Select {...ids} value={String(month)} onChange={(e) => set('month', e.target.value)}>
              {months.map((m) => (
                <option key={m} value={String(m)}>
                  {format.month(m)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('filters.year')}>
          {(ids) => (
            <Select {...ids} value={String(year)} onChange={(e) => set('year', e.target.value)}>
              <YearOptions />
            </Select>
          )}
        </Field>
      </fieldset>

      {body}
    </section>
  );
}
