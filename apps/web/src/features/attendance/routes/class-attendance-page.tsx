import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { defaultAttendanceMonth } from '@app/shared/attendance-month';
import { recentYears } from '@app/shared/constants';
import { ClassRoster, ClassSetup, useClassChoices } from '../../../components/class-roster.tsx';
import { RecordPage } from '../../../components/record-page.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { SCHOOL_YEARS, YearOptions } from '../../../components/school-options.tsx';
import { classMonthQuery } from '../api/get-class-month.ts';
import { monthsOffered } from '../components/attendance-periods.ts';
import { ClassAttendanceGrid } from '../components/class-attendance-grid.tsx';
import { useAttendanceFormat } from '../components/use-attendance-format.ts';

/**
 * The class, month and year in the URL (a reload or a shared link opens the same grid); without
 * them (or with unusable ones) the month attendance is taken for by default.
 */
function useClassMonth(now = new Date()) {
  const { params, grade, site, chosen, set } = useClassChoices();
  const usual = defaultAttendanceMonth(now);
  const years = recentYears(SCHOOL_YEARS, now);
  const year = years.includes(Number(params.get('year'))) ? Number(params.get('year')) : usual.year;
  const months = monthsOffered(year, now);
  const fallback = year === usual.year && months.includes(usual.month) ? usual.month : months[months.length - 1]!;
  const month = months.includes(Number(params.get('month'))) ? Number(params.get('month')) : fallback;
  return { grade, site, chosen, month, year, months, set };
}

/** /dashboard/attendance/class — "Take Attendance": a month for a whole class, saved at once. */
export function ClassAttendancePage() {
  const { t } = useTranslation('attendance');
  const format = useAttendanceFormat();
  const { grade, site, chosen, month, year, months, set } = useClassMonth();
  const records = useQuery({ ...classMonthQuery(grade, site, month, year), enabled: chosen });

  return (
    <RecordPage id="class-attendance" width="6xl" title={t('class.title')} subtitle={t('class.subtitle')} back={{ to: '/dashboard/attendance', label: t('class.back') }}>
      <ClassSetup
        legend={t('class.setup')}
        gradeLabel={t('filters.grade')}
        choose={t('form.select')}
        grade={grade}
        onGrade={(value) => set('grade', value)}
        site={site}
        onSite={(value) => set('site_id', value)}
        className="sm:grid-cols-3"
      >
        <SelectField label={t('filters.month')} value={String(month)} onChange={(e) => set('month', e.target.value)}>
          <Options values={months} label={(m) => format.month(m, year)} />
        </SelectField>
        <SelectField label={t('filters.year')} value={String(year)} onChange={(e) => set('year', e.target.value)}>
          <YearOptions />
        </SelectField>
      </ClassSetup>

      <ClassRoster
        grade={grade}
        site={site}
        alsoWaitFor={{ ready: records.data !== undefined, error: records.error }}
        chooseGrade={t('class.chooseGrade')}
        noChildren={t('class.noChildren')}
        loadError={(message) => t('class.loadError', { message })}
      >
        {(students) => <ClassAttendanceGrid key={`${site}-${grade}-${month}-${year}`} month={month} year={year} students={students} records={records.data ?? []} classLabel={grade} />}
      </ClassRoster>
    </RecordPage>
  );
}
