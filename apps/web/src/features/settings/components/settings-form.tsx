import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ITEMS_PER_PAGE_OPTIONS } from '@app/shared/constants';
import { settingsSchema, type SettingsInput, type SiteSettings } from '@app/shared/schemas/settings.schema';
import { showServerErrors } from '../../../components/list/server-field-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { SwitchField } from '../../../components/ui/switch.tsx';
import { useUpdateSettings } from '../api/update-settings.ts';
import { useTimedBanner } from './use-timed-banner.ts';

type TextKey = Exclude<keyof SiteSettings, 'maintenance_mode' | 'items_per_page'>;

const GENERAL: { key: TextKey; label: string; type?: string; dir?: 'ltr' }[] = [
  { key: 'organization_name', label: 'organizationName' },
  { key: 'organization_slogan', label: 'organizationSlogan' },
  { key: 'contact_email', label: 'contactEmail', type: 'email', dir: 'ltr' },
  { key: 'contact_phone', label: 'contactPhone', type: 'tel', dir: 'ltr' },
  { key: 'address', label: 'address' },
];

const SOCIAL: { key: TextKey; label: string }[] = [
  { key: 'facebook_url', label: 'facebook' },
  { key: 'twitter_url', label: 'twitter' },
  { key: 'instagram_url', label: 'instagram' },
  { key: 'youtube_url', label: 'youtube' },
];

/** System Settings (spec section 2): General, Social Media, System Configuration; Save Settings. */
export function SettingsForm({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation('admin');
  const save = useUpdateSettings();
  const [banner, showBanner] = useTimedBanner();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SiteSettings>({ resolver: zodResolver(settingsSchema) as never, defaultValues: settings });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values as SettingsInput);
      showBanner({ tone: 'success', text: t('settings.success') });
    } catch (err) {
      // Spec section 8: the banner says 'Failed to update settings' even when the fields say why.
      showBanner({ tone: 'error', text: showServerErrors(err, setError, Object.keys(settings) as (keyof SiteSettings)[], t('settings.failed')) ?? t('settings.failed') });
    }
  });

  const err = (key: keyof SiteSettings) => translateMessage(t, errors[key]?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {banner ? <Notice tone={banner.tone}>{banner.text}</Notice> : null}

      <Section title={t('settings.general')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {GENERAL.map(({ key, label, type, dir }) => (
            <Field key={key} label={t(`settings.${label}` as 'settings.organizationName')} error={err(key)}>
              {(ids) => <Input {...ids} type={type ?? 'text'} dir={dir} {...register(key)} />}
            </Field>
          ))}
        </div>
      </Section>

      <Section title={t('settings.social')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL.map(({ key, label }) => (
            <Field key={key} label={t(`settings.${label}` as 'settings.facebook')} error={err(key)}>
              {(ids) => <Input {...ids} type="url" dir="ltr" placeholder="https://" {...register(key)} />}
            </Field>
          ))}
        </div>
      </Section>

      <Section title={t('settings.system')}>
        <div className="space-y-4">
          <Controller
            control={control}
            name="maintenance_mode"
            render={({ field }) => (
              <SwitchField
                label={t('settings.maintenanceMode')}
                description={t('settings.maintenanceHint')}
                checked={field.value === '1'}
                onCheckedChange={(on) => field.onChange(on ? '1' : '0')}
              />
            )}
          />
          <Field label={t('settings.itemsPerPage')} error={err('items_per_page')} className="max-w-xs">
            {(ids) => (
              <Select {...ids} {...register('items_per_page')}>
                {ITEMS_PER_PAGE_OPTIONS.map((n) => (
                  <option key={n} value={String(n)}>
                    {n}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      </Section>

      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('settings.saving') : t('settings.save')}
      </Button>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <h3 className="mb-4 text-lg font-semibold">{title}</h3>
      {children}
    </section>
  );
}
