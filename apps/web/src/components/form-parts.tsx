import { useState, type ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';
import { Notice } from './ui/notice.tsx';
import { useSchemaForm, type SchemaFormOptions } from './use-schema-form.ts';
import { messageOr } from '../lib/server-errors.ts';

/** Tailwind needs whole class names: a section's columns on large screens. */
const LARGE_COLUMNS = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' } as const;

/**
 * The pieces every record form (orphan, result, attendance) is made of: titled sections of
 * fields, labels marking the required ones, and Cancel / Save at the foot.
 */
export function FormSection({ title, columns = 3, single = false, children }: { title: string; columns?: keyof typeof LARGE_COLUMNS; single?: boolean; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-700 dark:bg-gray-900">
      <legend className="px-1 text-base font-semibold text-gray-900 dark:text-gray-100">{title}</legend>
      <div className={single ? 'mt-2' : `mt-2 grid gap-4 sm:grid-cols-2 ${LARGE_COLUMNS[columns]}`}>{children}</div>
    </fieldset>
  );
}

/** A field's label; a required one ends in a red star whose tooltip says so (`required`: that word). */
export function FieldLabel({ text, required }: { text: ReactNode; required?: string | false }) {
  return (
    <>
      {text}
      {required ? (
        <span className="ms-0.5 text-red-600" title={required}>
          *
        </span>
      ) : null}
    </>
  );
}

interface FormActionsProps {
  cancel: { label: ReactNode; onClick: () => void };
  /** The submit button's text ('Add Result' / 'Update Result'), 'Saving...' while `busy`. */
  submit: ReactNode;
  saving: ReactNode;
  busy: boolean;
}

/** Cancel and submit at the form's foot; both wait while the form is being saved. */
export function FormActions({ cancel, submit, saving, busy }: FormActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4 dark:border-gray-700">
      <Button variant="outline" onClick={cancel.onClick} disabled={busy}>
        {cancel.label}
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? saving : submit}
      </Button>
    </div>
  );
}

/** What a record form hands its page to save: the parsed values, and when editing the version it was filled from. */
export interface RecordSubmission<D> {
  values: D;
  /** When editing: the updated_at of the record the form was filled from. */
  updatedAt?: string;
}

/** A record form's props: the stored record when editing; its save (rejecting with the failed save's error) and cancel. */
export interface RecordFormProps<D> {
  /** Saves; rejects with the failed save's ApiError (its 422 messages land on the fields). */
  onSubmit: (submission: RecordSubmission<D>) => Promise<void>;
  onCancel: () => void;
}

interface RecordFormOptions<V extends FieldValues, D> extends RecordFormProps<D>, Pick<SchemaFormOptions<V, D, void>, 'schema' | 'defaultValues' | 'fields'> {
  /**
   * Whose record: the namespace of the form's words — fields.<name> for a label, form.required,
   * form.saveFailed around the server's message, form.cancel / create / update / saving.
   */
  feature: 'results' | 'attendance';
  /** The stored record when editing (its updated_at is the version sent back). */
  record?: { updated_at: string };
}

/**
 * A record form's state (the kit's schema form) and its submit: the parsed values go to
 * `onSubmit` with the version the form was filled from (a background refetch does not move it),
 * a refused save's field messages land on their fields and the rest in the banner `footer` shows
 * above Cancel and Save. `label(name, required)` is a field's label in the feature's words.
 */
export function useRecordForm<V extends FieldValues, D>({ feature, record, onSubmit, onCancel, ...form }: RecordFormOptions<V, D>) {
  const { t } = useTranslation(feature);
  const [readVersion] = useState(record?.updated_at);
  const saving = useSchemaForm<V, D, void>({
    ...form,
    save: (values) => onSubmit({ values, updatedAt: readVersion }),
    onSaved: () => undefined,
    failed: (err) => t('form.saveFailed', { message: messageOr(t, err, '') }),
  });
  // Every field's label is under fields.<its name> in both features' words.
  const label = (name: Path<V>, required = false, text?: string) => (
    <FieldLabel text={text ?? t(`fields.${name}` as 'fields.orphan_id')} required={required && t('form.required')} />
  );
  const footer = (
    <>
      {saving.failure ? <Notice tone="error">{saving.failure}</Notice> : null}
      <FormActions cancel={{ label: t('form.cancel'), onClick: onCancel }} submit={record ? t('form.update') : t('form.create')} saving={t('form.saving')} busy={saving.busy} />
    </>
  );
  return { ...saving, label, footer };
}
