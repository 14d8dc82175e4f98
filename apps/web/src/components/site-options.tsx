import { useTranslation } from 'react-i18next';
import { useUserSites } from '../lib/user-sites.ts';
import { FilterSelect } from './list/filter-panel.tsx';

/**
 * The <option>s of the signed-in user's sites (forms, filters, the class pages and the overview's
 * switcher all offer these): each site by its name, its id the value.
 */
export function SiteOptions() {
  const { sites } = useUserSites();
  return (
    <>
      {sites.map((site) => (
        <option key={site.id} value={String(site.id)}>
          {site.name}
        </option>
      ))}
    </>
  );
}

/** A list's site filter ('All sites' first), shown only to a user of more than one site. */
export function SiteFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const { several } = useUserSites();
  if (!several) return null;
  return (
    <FilterSelect label={t('sites.label')} all={t('sites.all')} value={value} onChange={onChange}>
      <SiteOptions />
    </FilterSelect>
  );
}

/**
 * A site id read from a list's address: a whole number (the server names a site the user does not
 * hold as refused, like any other bad filter).
 */
export const isSiteId = (value: string) => /^[1-9][0-9]{0,9}$/.test(value);
