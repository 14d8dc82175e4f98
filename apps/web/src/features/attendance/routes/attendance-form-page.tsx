import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useAttendance } from '../api/get-attendance.ts';
import { useSaveAttendance } from '../api/save-attendance.ts';
import { AttendanceForm, type AttendanceFormSubmission } from '../components/attendance-form.tsx';

const LIST_PATH = '/dashboard/attendance';

/** 'Record New Attendance' without an id, 'Edit Attendance Record' with one (spec section 2). */
export function AttendanceFormPage() {
  const { t } = useTranslation('attendance');
  const { id } = useParams();
  const navigate = useNavigate();
  const existing = useAttendance(id);
  const save = useSaveAttendance();

  const submit = async ({ values, updatedAt }: AttendanceFormSubmission) => {
    const body = await save.mutateAsync({ id, values, updatedAt });
    toast.success(translateMessage(t, body?.message) ?? (id ? t('form.updated') : t('form.created')));
    navigate(LIST_PATH);
  };
  const cancel = () => navigate(LIST_PATH);

  let content;
  if (!id) content = <AttendanceForm onSubmit={submit} onCancel={cancel} />;
  else if (existing.isPending) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  } else if (existing.isError) {
    content = <Notice tone="error">{t('form.loadError', { message: translateMessage(t, existing.error.message) })}</Notice>;
  } else content = <AttendanceForm key={existing.data.id} record={existing.data} onSubmit={submit} onCancel={cancel} />;

  return (
    <section aria-labelledby="attendance-form-title" className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="attendance-form-title" className="text-2xl font-semibold">
          {id ? t('form.editTitle') : t('form.createTitle')}
        </h2>
        <Button asChild variant="ghost" size="sm">
          <Link to={LIST_PATH}>
            <ArrowLeft className="rtl-flip h-4 w-4" aria-hidden />
            {t('form.back')}
          </Link>
        </Button>
      </div>
      {content}
    </section>
  );
}
