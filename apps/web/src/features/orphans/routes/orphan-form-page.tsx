import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useOrphan } from '../api/get-orphan.ts';
import { useCreateOrphan } from '../api/create-orphan.ts';
import { useUpdateOrphan } from '../api/update-orphan.ts';
import { OrphanForm, type OrphanFormSubmission } from '../components/orphan-form.tsx';

const LIST_PATH = '/dashboard/orphans';

/** 'Add New Orphan' without an id, 'Edit Orphan' with one (spec section 2). */
export function OrphanFormPage() {
  const { t } = useTranslation('orphans');
  const { id } = useParams();
  const navigate = useNavigate();
  const existing = useOrphan(id);
  const create = useCreateOrphan();
  const update = useUpdateOrphan();
  const title = id ? t('form.editTitle') : t('form.createTitle');

  const save = async ({ values, photo, removePhoto, updatedAt }: OrphanFormSubmission) => {
    const body = id
      ? await update.mutateAsync({ id, values, photo, removePhoto, updatedAt })
      : await create.mutateAsync({ values, photo });
    if (body?.message) toast.success(translateMessage(body.message));
    navigate(LIST_PATH);
  };

  const cancel = () => navigate(LIST_PATH);

  let content;
  if (!id) content = <OrphanForm onSubmit={save} onCancel={cancel} />;
  else if (existing.isPending) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  } else if (existing.isError) {
    content = <Notice tone="error">{t('form.loadError', { message: translateMessage(existing.error.message) })}</Notice>;
  } else content = <OrphanForm key={existing.data.id} orphan={existing.data} onSubmit={save} onCancel={cancel} />;

  return (
    <section aria-labelledby="orphan-form-title" className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="orphan-form-title" className="text-2xl font-semibold">
          {title}
        </h2>
        <Button asChild variant="ghost" size="sm">
          <Link to={LIST_PATH}>
            <ArrowLeft className="rtl-flip h-4 w-4" aria-hidden />
            {t('details.back')}
          </Link>
        </Button>
      </div>
      {content}
    </section>
  );
}
