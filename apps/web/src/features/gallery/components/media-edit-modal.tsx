import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { MEDIA_MESSAGES, mediaUploadSchema, type MediaItem } from '@app/shared/schemas/media.schema';
import { FormModal } from '../../../components/list/form-modal.tsx';
import { useFormSave } from '../../../components/list/use-form-save.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { FormDateField } from '../../../components/ui/date-field.tsx';
import { Field, Input, Textarea } from '../../../components/ui/input.tsx';
import { useUpdateMedia } from '../api/update-media.ts';

interface MediaEditValues {
  title: string;
  description: string;
  tags: string;
  date: string;
}

const FIELDS = ['title', 'description', 'tags', 'date'] as const;

// The upload's own rules for these fields (one schema, the spec's messages). `raw` hands the
// values on as typed: an emptied description or tags goes as '' and clears them on the server.
const editResolver = zodResolver(mediaUploadSchema.pick({ title: true, description: true, tags: true, date: true }), undefined, {
  raw: true,
}) as unknown as Resolver<MediaEditValues>;

/** Edit Media: the texts and date of an item; its file and type stay as uploaded. */
export function MediaEditModal({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const { t } = useTranslation('gallery');
  const update = useUpdateMedia();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MediaEditValues>({
    resolver: editResolver,
    defaultValues: { title: item.title, description: item.description ?? '', tags: item.tags ?? '', date: item.date.slice(0, 10) },
  });
  const saving = useFormSave<MediaEditValues>({
    save: (input) => update.mutateAsync({ id: item.id, input }),
    setError,
    fields: FIELDS,
    done: MEDIA_MESSAGES.updated,
    failed: t('edit.failed'),
    onSaved: onClose,
  });
  const err = (message?: string) => translateMessage(t, message);

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
    </FormModal>
  );
}
