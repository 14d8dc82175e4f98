import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ZodType } from 'zod';
import { EXPORT_MESSAGES, type ExportKind } from '@app/shared/schemas/export.schema';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { serverMessage } from '../../../lib/server-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useExportDownload, type DownloadedExport, type ExportBodies } from '../api/download-export.ts';

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
  /** Cancel, and after the file is saved: the page closes the modal, which resets the form. */
  onClose: () => void;
}

/**
 * One export form's state: the kit's schema form (whose output leaves empty filters undefined,
 * so they are not sent), the download with its progress, and the failure; `modal` is what
 * ExportModal takes of it.
 */
export function useExportForm<K extends ExportKind, V extends FieldValues>({ kind, schema, defaultValues, fields, onClose }: ExportFormOptions<K, V>) {
  const { t, i18n } = useTranslation('reports');
  const download = useExportDownload(kind);
  const { form, failure, submit, message } = useSchemaForm<V, ExportBodies[K], DownloadedExport>({
    schema,
    defaultValues: defaultValues as DefaultValues<V>,
    fields,
    save: (body) => download.mutateAsync({ body, language: i18n.language }),
    onSaved: (file) => {
      toast.success(t('downloaded', { fileName: file.fileName }));
      onClose();
    },
    failed: (err) => exportFailure(t, err),
  });
  const busy = download.isPending;
  return { form, message, busy, modal: { busy, received: download.received, failure, onClose, onSubmit: submit } };
}
