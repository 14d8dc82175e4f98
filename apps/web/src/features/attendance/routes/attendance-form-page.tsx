import { useParams } from 'react-router';
import { SchoolRecordFormPage } from '../../../components/school-record-form-page.tsx';
import { useAttendance } from '../api/get-attendance.ts';
import { useSaveAttendance } from '../api/save-attendance.ts';
import { AttendanceForm, type AttendanceFormSubmission } from '../components/attendance-form.tsx';

/** 'Record New Attendance' without an id, 'Edit Attendance Record' with one (spec section 2). */
export function AttendanceFormPage() {
  const { id } = useParams();
  const save = useSaveAttendance();
  return (
    <SchoolRecordFormPage feature="attendance" sectionId="attendance-form" id={id} record={useAttendance(id)} save={(submission: AttendanceFormSubmission) => save.mutateAsync({ id, ...submission })}>
      {(record, form) => <AttendanceForm key={record?.id} record={record} {...form} />}
    </SchoolRecordFormPage>
  );
}
