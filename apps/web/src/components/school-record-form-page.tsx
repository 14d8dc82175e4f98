import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordFormProps, RecordSubmission } from './form-parts.tsx';
import { RecordFormPage, useSaveAndReturn } from './record-page.tsx';

interface SchoolRecordFormPageProps<T extends { id: number }, D> {
  /** Whose record: its namespace's form.* words, and its list at /dashboard/<feature>. */
  feature: 'results' | 'attendance';
  /** The page section's id ('result-form'). */
  sectionId: string;
  /** The route's id; absent, the page adds a record. */
  id?: string;
  /** The stored record's query when editing. */
  record: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };
  /** Creates, or updates the record of `id`; its answer's message is the toast when it has one. */
  save: (submission: RecordSubmission<D>) => Promise<{ message?: string } | undefined | void>;
  /** What a 404 says, when the feature has its own words for it. */
  notFound?: string;
  /** The form, empty or filled from the record, saved and cancelled through the page. */
  children: (record: T | undefined, form: RecordFormProps<D>) => ReactNode;
}

/**
 * A school record's add/edit page (results, attendance): the feature's form.createTitle or
 * form.editTitle, form.back to its list and form.loadError; once saved, the toast says form.created
 * or form.updated (unless the server said it) and the list shows again; Cancel goes back to it.
 */
export function SchoolRecordFormPage<T extends { id: number }, D>({ feature, sectionId, id, record, save, notFound, children }: SchoolRecordFormPageProps<T, D>) {
  const { t } = useTranslation(feature);
  const listPath = `/dashboard/${feature}`;
  const { submit, cancel } = useSaveAndReturn(save, listPath, id ? t('form.updated') : t('form.created'));
  return (
    <RecordFormPage
      id={sectionId}
      title={id ? t('form.editTitle') : t('form.createTitle')}
      back={{ to: listPath, label: t('form.back') }}
      editing={!!id}
      record={record}
      notFound={notFound === undefined ? undefined : { text: notFound }}
      error={(message) => t('form.loadError', { message })}
    >
      {(stored) => children(stored, { onSubmit: submit, onCancel: cancel })}
    </RecordFormPage>
  );
}
