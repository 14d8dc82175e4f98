import { useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { MEDIA_MESSAGES, mediaUploadSchema, type MediaItem } from '@app/shared/schemas/media.schema';
import { FormModal } from '../../../components/list/form-modal.tsx';
import { useFormSave } from '../../../components/list/use-form-save.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { FormDateField } from '../../../components/ui/date-field.tsx';
import { Field, Input, Textarea } from '../../../components/ui/input.tsx';
import { useReplaceMediaFile } from '../api/replace-media-file.ts';
import { useUpdateMedia } from '../api/update-media.ts';
import { TransferBar, transferDetail } from './transfer-progress.tsx';
import { addSample, formatBytes, rateOf, type TransferSample } from './transfer-rate.ts';
import { acceptFor, limitOf } from './upload-rules.ts';

interface MediaEditValues {
  title: string;
  description: string;
  tags: string;
  date: string;
  /** A new file for the item, or null to keep its file. */
  file: File | null;
}

const FIELDS = ['title', 'description', 'tags', 'date', 'file'] as const;

// The upload's own rules for these fields (one schema, the spec's messages). `raw` hands the
// values on as typed: an emptied description or tags goes as '' and clears them on the server.
const editResolver = zodResolver(mediaUploadSchema.pick({ title: true, description: true, tags: true, date: true }), undefined, {
  raw: true,
}) as unknown as Resolver<MediaEditValues>;

/**
 * Edit Media: the texts and date of an item and, if chosen, a new file of the same media type
 * (checked by the server as an upload is). A new file goes resumably with the edited fields and
 * its progress shows as on the upload page; closing the form while it is sent stops it, and the
 * item keeps its old file.
 */
export function MediaEditModal({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const { t, i18n } = useTranslation('gallery');
  const update = useUpdateMedia();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<MediaEditValues>({
    resolver: editResolver,
    defaultValues: { title: item.title, description: item.description ?? '', tags: item.tags ?? '', date: item.date.slice(0, 10), file: null },
  });
  const replaceFile = useReplaceMediaFile();
  const file = watch('file');
  const [sent, setSent] = useState(0);
  const [stalled, setStalled] = useState(false);
  const samples = useRef<TransferSample[]>([]);

  const saving = useFormSave<MediaEditValues>({
    save: ({ file: newFile, ...input }) => {
      if (!newFile) return update.mutateAsync({ id: item.id, input });
      samples.current = [];
      setSent(0);
      setStalled(false);
      return replaceFile(item.id, input, newFile, {
        onProgress: (bytes) => {
          samples.current = addSample(samples.current, { at: performance.now(), bytes });
          setStalled(false);
          setSent(bytes);
        },
        onStalled: () => setStalled(true),
      });
    },
    setError,
    fields: FIELDS,
    done: MEDIA_MESSAGES.updated,
    failed: t('edit.failed'),
    onSaved: onClose,
  });
  const err = (message?: string) => translateMessage(t, message);
  const sending = isSubmitting && !!file;

  return (
    <FormModal
      id="media-edit-form"
      title={t('edit.title')}
      size="md"
      submitLabel={t('edit.submit')}
      busy={isSubmitting}
      failure={saving.failure}
      onClose={onClose}
      onSubmit={handleSubmit(saving.submit)}
    >
      <Field label={t('fields.title')} error={err(errors.title?.message)}>
        {(ids) => <Input {...ids} {...register('title')} />}
      </Field>
      <Field label={t('fields.description')} error={err(errors.description?.message)}>
        {(ids) => <Textarea {...ids} rows={3} {...register('description')} />}
      </Field>
      <Field label={t('fields.tags')} error={err(errors.tags?.message)}>
        {(ids) => <Input {...ids} placeholder={t('fields.tagsHint')} {...register('tags')} />}
      </Field>
      {/* In the user's calendar; the form holds the ISO Gregorian day. */}
      <FormDateField control={control} name="date" label={t('fields.date')} error={err(errors.date?.message)} />
      <Field label={t('edit.replaceFile')} error={err(errors.file?.message)}>
        {(ids) => (
          <div>
            <input
              {...ids}
              type="file"
              accept={acceptFor(item.media_type)}
              disabled={isSubmitting}
              aria-invalid={ids.invalid || undefined}
              onChange={(event) => setValue('file', event.target.files?.[0] ?? null)}
              className="block w-full text-sm file:me-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:file:bg-gray-700"
            />
            <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">
              <bdi dir="auto">{t('edit.replaceHint', { name: item.file_name, limit: limitOf(item.media_type, i18n.language) })}</bdi>
            </p>
          </div>
        )}
      </Field>
      {sending ? (
        <div aria-live="polite">
          <TransferBar label={t('upload.progress', { name: file.name })} sent={sent} total={file.size} />
          <p className="text-xs text-gray-600 dark:text-gray-400">
            {stalled
              ? `${t('upload.sent', { sent: formatBytes(sent, i18n.language), total: formatBytes(file.size, i18n.language) })} · ${t('upload.stalled')}`
              : sent >= file.size
                ? `${formatBytes(file.size, i18n.language)} · ${t('edit.saving')}`
                : transferDetail(t, i18n.language, sent, file.size, rateOf(samples.current, file.size, performance.now()))}
          </p>
        </div>
      ) : null}
    </FormModal>
  );
}
