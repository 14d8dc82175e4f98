import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SITE_KINDS, SITE_MSG, siteCreateSchema, siteUpdateSchema, type Site } from '@app/shared/schemas/sites.schema';
import { FormModal } from '../../../components/list/form-modal.tsx';
import { useModalForm } from '../../../components/list/use-form-save.ts';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Field, Input, Textarea } from '../../../components/ui/input.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { useCreateSite } from '../api/create-site.ts';
import { useUpdateSite } from '../api/update-site.ts';

interface SiteFormValues {
  name: string;
  kind: Site['kind'];
  province: string;
  address: string;
  phone: string;
  active: boolean;
}

/**
 * Add Site / Edit Site. A site is never deleted while it has children or staff: it is made
 * inactive instead (no longer offered for new children, transfers or users).
 */
export function SiteFormModal({ site, onClose }: { site: Site | null; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const create = useCreateSite();
  const update = useUpdateSite();

  const { form, message, modal } = useModalForm<SiteFormValues>({
    schema: site ? siteUpdateSchema : siteCreateSchema,
    defaultValues: {
      name: site?.name ?? '',
      kind: site?.kind ?? 'orphanage',
      province: site?.province ?? '',
      address: site?.address ?? '',
      phone: site?.phone ?? '',
      active: site?.active ?? true,
    },
    fields: ['name', 'kind', 'province', 'address', 'phone', 'active'],
    save: (input) => (site ? update.mutateAsync({ id: site.id, input: { ...input, updated_at: site.updated_at } }) : create.mutateAsync(input)),
    done: site ? SITE_MSG.updated : SITE_MSG.created,
    failed: site ? t('errors.update') : t('errors.create'),
    onClose,
  });
  const { register, control } = form;

  return (
    <FormModal id="site-form" title={site ? t('form.editTitle') : t('form.addTitle')} submitLabel={site ? t('form.update') : t('form.create')} {...modal}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('form.name')} error={message('name')}>
          {(ids) => <Input {...ids} dir="auto" autoComplete="off" {...register('name')} />}
        </Field>
        <SelectField label={t('form.kind')} error={message('kind')} {...register('kind')}>
          <Options values={SITE_KINDS} label={(kind) => t(`kinds.${kind}`)} />
        </SelectField>
        <Field label={t('form.province')} error={message('province')}>
          {(ids) => <Input {...ids} dir="auto" autoComplete="off" {...register('province')} />}
        </Field>
        <Field label={t('form.phone')} error={message('phone')}>
          {(ids) => <Input {...ids} type="tel" dir="ltr" autoComplete="off" {...register('phone')} />}
        </Field>
        <Field label={t('form.address')} error={message('address')} className="sm:col-span-2">
          {(ids) => <Textarea {...ids} dir="auto" rows={2} {...register('address')} />}
        </Field>
      </div>
      <Controller
        control={control}
        name="active"
        render={({ field }) => <CheckboxField label={t('form.active')} checked={field.value} onCheckedChange={field.onChange} />}
      />
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('form.activeHint')}</p>
    </FormModal>
  );
}
