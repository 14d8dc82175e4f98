import { useEffect, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ITEMS_PER_PAGE_OPTIONS, SETTINGS_BANNER_MS } from '@app/shared/constants';
import { settingsSchema, type SettingsInput, type SiteSettings } from '@app/shared/schemas/settings.schema';
import { useSchemaForm } from '../../../components/use-schema-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { FormNumberInput } from '../../../components/ui/number-input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { SwitchField } from '../../../components/ui/switch.tsx';
import { useUpdateSettings } from '../api/update-settings.ts';
import { useFormat } from '../../../lib/use-format.ts';

type TextKey = Exclude<keyof SiteSettings, 'maintenance_mode' | 'items_per_page' | 'read_log_retention_days'>;

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
  const format = useFormat();
  const save = useUpdateSettings();
  const { form, submit, busy, banner, message } = useSchemaForm<SiteSettings, SettingsInput>({
    schema: settingsSchema,
    defaultValues: settings,
    fields: Object.keys(settings) as (keyof SiteSettings)[],
    save: (values) => save.mutateAsync(values),
    onSaved: () => t('settings.success'),
    // Spec section 8: the banner says 'Failed to update settings' even when the fields say why.
    failed: () => t('settings.failed'),
    failureAlwaysSaid: true,
    bannerMs: SETTINGS_BANNER_MS,
  });
  const { register, control, resetField } = form;
  // Lockdown turns maintenance mode on (and lifting it puts it back) on the server: the switch
  // follows, so a later save does not undo it. The form stays mounted, keeping the save's banner
  // and any other field being edited.
  const storedMaintenance = settings.maintenance_mode;
  useEffect(() => {
    resetField('maintenance_mode', { defaultValue: storedMaintenance });
  }, [resetField, storedMaintenance]);

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {banner ? <Notice tone={banner.tone}>{banner.text}</Notice> : null}

      <Section title={t('settings.general')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {GENERAL.map(({ key, label, type, dir }) => (
            <Field key={key} label={t(`settings.${label}` as 'settings.organizationName')} error={message(key)}>
              {(ids) => <Input {...ids} type={type ?? 'text'} dir={dir} {...register(key)} />}
            </Field>
          ))}
        </div>
      </Section>

      <Section title={t('settings.social')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL.map(({ key, label }) => (
            <Field key={key} label={t(`settings.${label}` as 'settings.facebook')} error={message(key)}>
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
          <SelectField label={t('settings.itemsPerPage')} error={message('items_per_page')} className="max-w-xs" {...register('items_per_page')}>
            <Options values={ITEMS_PER_PAGE_OPTIONS} label={(n) => format.number(n)} />
          </SelectField>
          <div>
            <Field label={t('settings.readLogRetention')} error={message('read_log_retention_days')} className="max-w-xs">
              {(ids) => <FormNumberInput {...ids} control={control} name="read_log_retention_days" />}
            </Field>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
              {t('settings.readLogRetentionHint')}
            </p>
          </div>
        </div>
      </Section>

      <Button type="submit" disabled={busy}>
        {busy ? t('settings.saving') : t('settings.save')}
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
