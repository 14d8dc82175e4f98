import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useResult } from '../api/get-result.ts';
import { useSaveResult } from '../api/save-result.ts';
import { ResultForm, type ResultFormSubmission } from '../components/result-form.tsx';

const LIST_PATH = '/dashboard/results';

/** 'Add New Result' without an id, 'Edit Result' with one (spec section 2). */
export function ResultFormPage() {
  const { t } = useTranslation('results');
  const { id } = useParams();
  const navigate = useNavigate();
  const existing = useResult(id);
  const save = useSaveResult();

  const submit = async ({ values, updatedAt }: ResultFormSubmission) => {
    const body = await save.mutateAsync({ id, values, updatedAt });
    toast.success(translateMessage(t, body?.message) ?? (id ? t('form.updated') : t('form.created')));
    navigate(LIST_PATH);
  };
  const cancel = () => navigate(LIST_PATH);

  let content;
  if (!id) content = <ResultForm onSubmit={submit} onCancel={cancel} />;
  else if (existing.isPending) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  } else if (existing.isError) {
    const missing = isApiError(existing.error) && existing.error.status === 404;
    content = <Notice tone="error">{missing ? t('details.notFound') : t('form.loadError', { message: translateMessage(t, existing.error.message) })}</Notice>;
  } else content = <ResultForm key={existing.data.id} result={existing.data} onSubmit={submit} onCancel={cancel} />;

  return (
    <section aria-labelledby="result-form-title" className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="result-form-title" className="text-2xl font-semibold">
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
