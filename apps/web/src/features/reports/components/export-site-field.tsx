import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SiteOptions } from '../../../components/site-options.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { useUserSites } from '../../../lib/user-sites.ts';

/**
 * An export's site (`site_id`), for a user of several sites: all of them (nothing sent) or one.
 * Spread `register('site_id')` on it. A user of one site exports that site's children anyway.
 */
export function ExportSiteField({ error, disabled, ...field }: UseFormRegisterReturn & { error?: string; disabled: boolean }) {
  const { t } = useTranslation();
  const { several } = useUserSites();
  if (!several) return null;
  return (
    <SelectField label={t('sites.label')} error={error} first={t('sites.all')} {...field} disabled={disabled}>
      <SiteOptions />
    </SelectField>
  );
}
