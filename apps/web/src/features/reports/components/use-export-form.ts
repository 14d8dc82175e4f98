import { useState } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ZodType } from 'zod';
import { EXPORT_MESSAGES, type ExportKind } from '@app/shared/schemas/export.schema';
import { showServerErrors } from '../../../components/list/server-field-errors.ts';
import { serverMessage } from '../../../lib/server-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useExportDownload, type ExportBodies } from '../api/download-export.ts';

/** Spec section 8: 'Error: {server message}', or 'Failed to export data. Please try again.' when the server said nothing. */
export function exportFailure(t: TFunction<'reports'>, err: unknown): string {
  const message = serverMessage(t, err);
  return message ? t('failure.withMessage', { message }) : (translateMessage(t, EXPORT_MESSAGES.failed) ?? EXPORT_MESSAGES.failed);
}

interface ExportFormOptions<K extends ExportKind, V extends FieldValues> {
  kind: K;
  /** The shared request schema: the form checks what the server checks, with the same messages. */
  schema: ZodType;
  defaultValues: V;
  /** The form's fields: a 422's message for one of them lands on it. */
  fields: readonly Path<V>[];
  /** After the file is saved: the page closes the modal, which resets the form. */
  onDone: () => void;
}

/**
 * One export form's state: react-hook-form over the shared schema (whose output leaves empty
 * filters undefined, so they are not sent), the download with its progress, and the failure.
 */
export function useExportForm<K extends ExportKind, V extends FieldValues>({ kind, schema, defaultValues, fields, onDone }: ExportFormOptions<K, V>) {
  const { t, i18n } = useTranslation('reports');
  const download = useExportDownload(kind);
  const [failure, setFailure] = useState<string | null>(null);
  // The shared schema (preprocessed, so typed as taking `unknown`) shown to the resolver as taking the form's values.
  const resolver = zodResolver(schema as unknown as ZodType<ExportBodies[K], V>) as unknown as Resolver<V, unknown, ExportBodies[K]>;
  const form = useForm<V, unknown, ExportBodies[K]>({ resolver, defaultValues: defaultValues as DefaultValues<V> });

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const file = await download.mutateAsync({ body, language: i18n.language });
      toast.success(t('downloaded', { fileName: file.fileName }));
      onDone();
    } catch (err) {
      setFailure(showServerErrors(err, form.setError, fields, exportFailure(t, err)));
    }
  });

  /** A field's message, in the reader's language. */
  const message = (name: Path<V>): string | undefined => translateMessage(t, (get(form.formState.errors, name) as { message?: string } | undefined)?.message);

  return { form, submit, failure, busy: download.isPending, received: download.received, message };
}
