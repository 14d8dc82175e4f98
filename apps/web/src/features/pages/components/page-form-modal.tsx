import { useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAGE_MSG, pageSchema, type PageInput, type PageItem } from '@app/shared/schemas/page.schema';
import { slugify } from '@app/shared/slug';
import { FormModal } from '../../../components/list/form-modal.tsx';
import { useModalForm } from '../../../components/list/use-form-save.ts';
import { Field, Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { SwitchField } from '../../../components/ui/switch.tsx';
import { useCreatePage } from '../api/create-page.ts';
import { useUpdatePage } from '../api/update-page.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

interface PageFormValues {
  title: string;
  slug: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  isPublished: boolean;
}

/**
 * Create New Page / Edit Page (spec section 2). A new page's slug follows its title until someone
 * types a slug of their own; an existing page's slug never changes by itself, so links to it keep
 * working when the title is reworded (spec section 4).
 */
export function PageFormModal({ page, onClose }: { page: PageItem | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const create = useCreatePage();
  const update = useUpdatePage();
  const contentLabelId = useId();
  // Only a new page, and only until the slug is typed by hand.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(page === null);

  const { form, message, modal } = useModalForm<PageFormValues, PageInput>({
    schema: pageSchema,
    defaultValues: {
      title: page?.title ?? '',
      slug: page?.slug ?? '',
      content: page?.content ?? '',
      metaTitle: page?.metaTitle ?? '',
      metaDescription: page?.metaDescription ?? '',
      isPublished: page?.isPublished ?? page?.is_published ?? false,
    },
    fields: ['title', 'slug', 'content', 'metaTitle', 'metaDescription'],
    save: (input) => (page ? update.mutateAsync({ id: page.id, input }) : create.mutateAsync(input)),
    done: page ? PAGE_MSG.updated : PAGE_MSG.created,
    failed: t('pages.saveError'),
    onClose,
  });
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const slug = useWatch({ control, name: 'slug' });

  const titleField = register('title', {
    onChange: (event: { target: { value: string } }) => {
      if (slugFollowsTitle) setValue('slug', slugify(event.target.value), { shouldValidate: !!errors.slug });
    },
  });
  const slugField = register('slug', { onChange: () => setSlugFollowsTitle(false) });

  return (
    <FormModal id="page-form" title={page ? t('pages.form.editTitle') : t('pages.form.addTitle')} size="xl" submitLabel={page ? t('pages.form.update') : t('pages.form.create')} {...modal}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('pages.form.title')} error={message('title')}>
          {(ids) => <Input {...ids} autoComplete="off" {...titleField} />}
        </Field>
        <Field label={t('pages.form.slug')} error={message('slug')}>
          {(ids) => (
            <>
              <Input {...ids} autoComplete="off" dir="auto" {...slugField} />
              <p className="mt-1 text-xs text-gray-500 dark:text-gray-400" dir="auto">
                {t('pages.form.slugHint', { slug: slug || '…' })}
              </p>
            </>
          )}
        </Field>
      </div>

      <div>
        <Label id={contentLabelId}>{t('pages.form.content')}</Label>
        <Controller
          control={control}
          name="content"
          render={({ field }) => <RichTextEditor value={field.value} onChange={field.onChange} labelledBy={contentLabelId} />}
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('pages.form.metaTitle')} error={message('metaTitle')}>
          {(ids) => <Input {...ids} autoComplete="off" {...register('metaTitle')} />}
        </Field>
        <Field label={t('pages.form.metaDescription')} error={message('metaDescription')}>
          {(ids) => <Textarea {...ids} rows={2} {...register('metaDescription')} />}
        </Field>
      </div>
      <p className="text-xs text-gray-500 dark:text-gray-400">{t('pages.form.metaHint')}</p>

      <Controller
        control={control}
        name="isPublished"
        render={({ field }) => (
          <SwitchField
            label={t('pages.form.published')}
            description={t('pages.form.publishedHint')}
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
    </FormModal>
  );
}
