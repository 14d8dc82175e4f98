import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RecordFormPage, useSaveAndReturn } from '../../../components/record-page.tsx';
import { useOrphan } from '../api/get-orphan.ts';
import { useCreateOrphan } from '../api/create-orphan.ts';
import { useUpdateOrphan } from '../api/update-orphan.ts';
import { OrphanForm, type OrphanFormSubmission } from '../components/orphan-form.tsx';

const LIST_PATH = '/dashboard/orphans';

/** 'Add New Orphan' without an id, 'Edit Orphan' with one (spec section 2). */
export function OrphanFormPage() {
  const { t } = useTranslation('orphans');
  const { id } = useParams();
  const existing = useOrphan(id);
  const create = useCreateOrphan();
  const update = useUpdateOrphan();
  // The toast says the server's message alone.
  const { submit: save, cancel } = useSaveAndReturn(
    ({ values, photo, removePhoto, updatedAt }: OrphanFormSubmission) =>
      id ? update.mutateAsync({ id, values, photo, removePhoto, updatedAt }) : create.mutateAsync({ values, photo }),
    LIST_PATH,
  );

  return (
    <RecordFormPage
      id="orphan-form"
      title={id ? t('form.editTitle') : t('form.createTitle')}
      back={{ to: LIST_PATH, label: t('details.back') }}
      editing={!!id}
      record={existing}
      error={(message) => t('form.loadError', { message })}
    >
      {(orphan) => <OrphanForm key={orphan?.id} orphan={orphan} onSubmit={save} onCancel={cancel} />}
    </RecordFormPage>
  );
}
