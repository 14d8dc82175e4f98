import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PAGE_MSG, pageSchema, type PageInput, type PageItem } from '@app/shared/schemas/page.schema';
import { slugify } from '@app/shared/slug';
import { messageOr } from '../../../lib/server-errors.ts';
import { showServerErrors } from '../../../components/list/server-field-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
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
  const [failure, setFailure] = useState<string | null>(null);
  // Only a new page, and only until the slug is typed by hand.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(page === null);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PageFormValues>({
    resolver: zodResolver(pageSchema) as never,
    defaultValues: {
      title: page?.title ?? '',
      slug: page?.slug ?? '',
      content: page?.content ?? '',
      metaTitle: page?.metaTitle ?? '',
      metaDescription: page?.metaDescription ?? '',
      isPublished: page?.isPublished ?? page?.is_published ?? false,
    },
  });
  const slug = useWatch({ control, name: 'slug' });

  const titleField = register('title', {
    onChange: (event: { target: { value: string } }) => {
      if (slugFollowsTitle) setValue('slug', slugify(event.target.value), { shouldValidate: !!errors.slug });
    },
  });
  const slugField = register('slug', { onChange: () => setSlugFollowsTitle(false) });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const input: PageInput = values;
    try {
      const body = page ? await update.mutateAsync({ id: page.id, input }) : await create.mutateAsync(input);
      toast.success(translateMessage(t, body?.message ?? (page ? PAGE_MSG.updated : PAGE_MSG.created)));
      onClose();
    } catch (err) {
      setFailure(showServerErrors(err, setError, ['title', 'slug', 'content', 'metaTitle', 'metaDescription'], messageOr(t, err, t('pages.saveError'))));
    }
  });

  const err = (message?: string) => translateMessage(t, message);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="xl"
      title={page ? t('pages.form.editTitle') : t('pages.form.addTitle')}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="page-form" disabled={isSubmitting}>
            {isSubmitting ? t('common.saving') : page ? t('pages.form.update') : t('pages.form.create')}
          </Button>
        </>
      }
    >
      <form id="page-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('pages.form.title')} error={err(errors.title?.message)}>
            {(ids) => <Input {...ids} autoComplete="off" {...titleField} />}
          </Field>
          <Field label={t('pages.form.slug')} error={err(errors.slug?.message)}>
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
          <Field label={t('pages.form.metaTitle')} error={err(errors.metaTitle?.message)}>
            {(ids) => <Input {...ids} autoComplete="off" {...register('metaTitle')} />}
          </Field>
          <Field label={t('pages.form.metaDescription')} error={err(errors.metaDescription?.message)}>
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
      </form>
    </Modal>
  );
}
