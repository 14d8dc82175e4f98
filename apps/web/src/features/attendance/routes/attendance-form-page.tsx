import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SchoolRecordFormPage } from '../../../components/school-record-form-page.tsx';
import { childOf } from '../../../lib/outbox/record-label.ts';
import { useAttendance } from '../api/get-attendance.ts';
import { useSaveAttendance } from '../api/save-attendance.ts';
import { AttendanceForm, type AttendanceFormSubmission } from '../components/attendance-form.tsx';
import { useAttendanceFormat } from '../components/use-attendance-format.ts';

/** 'Record New Attendance' without an id, 'Edit Attendance Record' with one (spec section 2); kept on this phone without a connection. */
export function AttendanceFormPage() {
  const { t } = useTranslation('dashboard');
  const format = useAttendanceFormat();
  const { id } = useParams();
  const save = useSaveAttendance();
  const record = useAttendance(id);
  const submit = async (submission: AttendanceFormSubmission) => {
    const { values } = submission;
    const label = { kind: 'attendance' as const, subject: childOf(record.data, values.orphan_id), period: format.month(values.month, values.year) };
    const sent = await save.mutateAsync({ id, ...submission, label });
    return sent.queued ? { message: t('sync.queued') } : { message: sent.answer.message };
  };
  return (
    <SchoolRecordFormPage feature="attendance" sectionId="attendance-form" id={id} record={record} save={submit}>
      {(stored, form) => <AttendanceForm key={stored?.id} record={stored} {...form} />}
    </SchoolRecordFormPage>
  );
}
