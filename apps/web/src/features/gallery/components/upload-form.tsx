import { useEffect, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { MEDIA_TYPES } from '@app/shared/constants';
import { mediaUploadSchema, type MediaType, type MediaUploadInput } from '@app/shared/schemas/media.schema';
import { Button } from '../../../components/ui/button.tsx';
import { FormDateField } from '../../../components/ui/date-field.tsx';
import { Field, Input, Textarea } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { showServerErrors } from '../../../components/list/server-field-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { FileDropZone } from './file-drop-zone.tsx';
import { OrphanSelect } from './orphan-select.tsx';
import { UploadFileRow } from './upload-file-row.tsx';
import { acceptFor, canSubmit, fileProblem, limitOf, titleFor, tooLargeMessage } from './upload-rules.ts';
import { useUploadQueue, type RunOutcome } from './use-upload-queue.ts';

export interface UploadFormValues {
  orphan_id: string;
  media_type: MediaType;
  title: string;
  description: string;
  tags: string;
  date: string;
}

const FIELDS = ['orphan_id', 'media_type', 'title', 'description', 'tags', 'date'] as const;

// The shared schema checks the fields (spec section 5's messages); `raw` hands them on as typed,
// because the server parses the same schema from the upload's metadata.
const uploadResolver = zodResolver(mediaUploadSchema, undefined, { raw: true }) as unknown as Resolver<UploadFormValues>;

/** Today in the browser's own time zone (the default date, spec section 3). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

interface UploadFormProps {
  /** The child chosen on the gallery before coming here. */
  initialOrphanId?: string;
  /** After a run that sent every file. */
  onUploaded: (orphanId: string) => void;
  /** After a run in which at least one file was stored (the gallery refreshes). */
  onSomeStored: () => void;
  onCancel: () => void;
}

/**
 * 'Upload New Media' (spec sections 2 and 5): orphan, media type, title, description, tags, date
 * and one or several files (chosen or dropped), each sent resumably with its own progress.
 */
export function UploadForm({ initialOrphanId, onUploaded, onSomeStored, onCancel }: UploadFormProps) {
  const { t, i18n } = useTranslation('gallery');
  const queue = useUploadQueue();
  const [refused, setRefused] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UploadFormValues>({
    resolver: uploadResolver,
    defaultValues: { orphan_id: initialOrphanId ?? '', media_type: 'image', title: '', description: '', tags: '', date: today() },
  });
  const orphanId = useWatch({ control, name: 'orphan_id' });
  const mediaType = useWatch({ control, name: 'media_type' });
  const pending = queue.items.filter((i) => i.state !== 'done' && i.state !== 'cancelled');

  // Closing the tab mid-upload asks first (what was sent is kept: the same files resume later).
  useEffect(() => {
    if (!queue.running) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [queue.running]);

  // Files chosen for one media type that do not fit another leave the list when the type changes.
  useEffect(() => {
    const misfits = queue.items.filter((i) => i.state === 'waiting' && fileProblem(i.file, mediaType) === 'type');
    if (misfits.length === 0) return;
    for (const item of misfits) queue.remove(item.key);
    setRefused(misfits.map((i) => t('upload.refused.type', { name: i.file.name, type: t(`types.${mediaType}`) })));
  }, [mediaType]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of type re-checks the list

  const choose = (files: File[]) => {
    const notes: string[] = [];
    const fit = files.filter((file) => {
      const problem = fileProblem(file, mediaType);
      if (problem === 'type') notes.push(t('upload.refused.type', { name: file.name, type: t(`types.${mediaType}`) }));
      else if (problem === 'empty') notes.push(t('upload.refused.empty', { name: file.name }));
      else if (problem === 'size') notes.push(t('upload.refused.size', { name: file.name, message: translateMessage(t, tooLargeMessage(mediaType)) }));
      return problem === null;
    });
    setRefused(notes);
    queue.add(fit);
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome: RunOutcome = await queue.run((_file, index, count) => ({ ...values, title: titleFor(values.title, index, count) }) satisfies MediaUploadInput);
    if (outcome.done > 0) onSomeStored();
    if (outcome.stoppedBy) setFailure(showServerErrors(outcome.stoppedBy, setError, FIELDS, t('upload.uploadFailed')));
    else if (outcome.failed > 0) setFailure(t('upload.someFailed', { failed: outcome.failed, count: queue.items.length }));
    else if (outcome.done > 0) onUploaded(values.orphan_id);
  });

  const cancel = () => {
    queue.cancelAll();
    onCancel();
  };

  const err = (message?: string) => translateMessage(t, message);
  const busy = queue.running;
  const submitLabel = busy ? t('upload.uploading') : pending.length > 1 ? t('upload.submitMany', { count: pending.length }) : t('upload.submit');

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.orphan')} error={err(errors.orphan_id?.message)}>
          {(ids) => <OrphanSelect {...ids} disabled={busy} {...register('orphan_id')} />}
        </Field>
        <Field label={t('fields.media_type')} error={err(errors.media_type?.message)}>
          {(ids) => (
            <Select {...ids} disabled={busy || queue.items.some((i) => i.state !== 'waiting')} {...register('media_type')}>
              {MEDIA_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('fields.title')} error={err(errors.title?.message)} className="sm:col-span-2">
          {(ids) => <Input {...ids} disabled={busy} {...register('title')} />}
        </Field>
        <Field label={t('fields.description')} error={err(errors.description?.message)} className="sm:col-span-2">
          {(ids) => <Textarea {...ids} rows={3} disabled={busy} {...register('description')} />}
        </Field>
        <Field label={t('fields.tags')} error={err(errors.tags?.message)}>
          {(ids) => <Input {...ids} placeholder={t('fields.tagsHint')} disabled={busy} {...register('tags')} />}
        </Field>
        {/* In the user's calendar; the form holds the ISO Gregorian day. */}
        <FormDateField control={control} name="date" label={t('fields.date')} error={err(errors.date?.message)} isDisabled={busy} />
      </div>

      <FileDropZone
        label={t('fields.files')}
        accept={acceptFor(mediaType)}
        hint={t('upload.accepts', { accept: acceptFor(mediaType).split(',').join(' '), limit: limitOf(mediaType, i18n.language) })}
        disabled={busy}
        onFiles={choose}
      />
      {refused.length > 0 ? (
        <Notice tone="info">
          {refused.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </Notice>
      ) : null}
      {queue.items.length > 1 ? <p className="text-sm text-gray-600 dark:text-gray-400">{t('upload.manyHint')}</p> : null}
      {queue.items.length > 0 ? (
        <ul className="space-y-2" aria-label={t('fields.files')}>
          {queue.items.map((item) => (
            <UploadFileRow
              key={item.key}
              item={item}
              rate={queue.rate(item)}
              locked={busy}
              onCancel={() => queue.cancel(item.key)}
              onRemove={() => queue.remove(item.key)}
            />
          ))}
        </ul>
      ) : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={cancel}>
          {t('upload.cancel')}
        </Button>
        <Button type="submit" disabled={busy || !canSubmit(orphanId, pending)}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
