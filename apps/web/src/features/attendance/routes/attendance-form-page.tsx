import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RecordFormPage, useSaveAndReturn } from '../../../components/record-page.tsx';
import { useAttendance } from '../api/get-attendance.ts';
import { useSaveAttendance } from '../api/save-attendance.ts';
import { AttendanceForm, type AttendanceFormSubmission } from '../components/attendance-form.tsx';

const LIST_PATH = '/dashboard/attendance';

/** 'Record New Attendance' without an id, 'Edit Attendance Record' with one (spec section 2). */
export function AttendanceFormPage() {
  const { t } = useTranslation('attendance');
  const { id } = useParams();
  const existing = useAttendance(id);
  const save = useSaveAttendance();
  const done = id ? t('form.updated') : t('form.created');
  const { submit, cancel } = useSaveAndReturn((submission: AttendanceFormSubmission) => save.mutateAsync({ id, ...submission }), LIST_PATH, done);

  return (
    <RecordFormPage
      id="attendance-form"
      title={id ? t('form.editTitle') : t('form.createTitle')}
      back={{ to: LIST_PATH, label: t('form.back') }}
      editing={!!id}
      record={existing}
      error={(message) => t('form.loadError', { message })}
    >
      {(record) => <AttendanceForm key={record?.id} record={record} onSubmit={submit} onCancel={cancel} />}
    </RecordFormPage>
  );
}
