import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { CalendarCheck, ChevronDown, GraduationCap, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RESULT_TYPES } from '@app/shared/constants';
import { ACCESS } from '@app/shared/permissions';
import type { ResultType } from '@app/shared/schemas/result.schema';
import { useCan } from '../../../components/can.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { AttendanceExportForm } from '../components/attendance-export-form.tsx';
import { OrphansExportForm } from '../components/orphans-export-form.tsx';
import { ResultsExportForm } from '../components/results-export-form.tsx';

type OpenForm = { kind: 'orphans' } | { kind: 'attendance' } | { kind: 'results'; type: ResultType } | null;

const menuItemClasses =
  'flex cursor-pointer select-none items-center rounded px-3 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-gray-100 dark:text-gray-100 dark:data-[highlighted]:bg-gray-800';

/**
 * Reports (spec section 2): Academic Results (a menu of Education, Discipline, Course),
 * Attendance Records and Orphans List, each opening its export form. A button's label and its
 * form's title are the feature's own texts (`<feature>:export`). A button shows only to
 * whom the server would answer: view-reports AND the view permission of that data. Closing a
 * form (or a finished download) unmounts it, so the next one starts empty.
 */
export function ReportsPage() {
  const { t } = useTranslation(['reports', 'results', 'attendance', 'orphans']);
  const [open, setOpen] = useState<OpenForm>(null);
  const close = () => setOpen(null);
  const results = useCan(ACCESS.exportResults);
  const attendance = useCan(ACCESS.exportAttendance);
  const orphans = useCan(ACCESS.exportOrphans);

  return (
    <section aria-labelledby="reports-title" className="space-y-4">
      <div>
        <h2 id="reports-title" className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('subtitle')}</p>
      </div>

      {results || attendance || orphans ? (
        <div className="flex flex-wrap gap-3">
          {results ? (
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger asChild>
                <Button>
                  <GraduationCap className="h-4 w-4" aria-hidden />
                  {t('results:export.button')}
                  <ChevronDown className="h-4 w-4" aria-hidden />
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  align="start"
                  sideOffset={6}
                  className="z-50 min-w-44 rounded-md border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
                >
                  {RESULT_TYPES.map((type) => (
                    <DropdownMenu.Item key={type} className={menuItemClasses} onSelect={() => setOpen({ kind: 'results', type })}>
                      {t(`resultTypes.${type}`)}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          ) : null}
          {attendance ? (
            <Button onClick={() => setOpen({ kind: 'attendance' })}>
              <CalendarCheck className="h-4 w-4" aria-hidden />
              {t('attendance:export.button')}
            </Button>
          ) : null}
          {orphans ? (
            <Button onClick={() => setOpen({ kind: 'orphans' })}>
              <Users className="h-4 w-4" aria-hidden />
              {t('orphans:export.button')}
            </Button>
          ) : null}
        </div>
      ) : (
        <Notice tone="info">{t('noExports')}</Notice>
      )}

      {open?.kind === 'results' ? <ResultsExportForm key={open.type} resultType={open.type} onClose={close} /> : null}
      {open?.kind === 'attendance' ? <AttendanceExportForm onClose={close} /> : null}
      {open?.kind === 'orphans' ? <OrphansExportForm onClose={close} /> : null}
    </section>
  );
}
