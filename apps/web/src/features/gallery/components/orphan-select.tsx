import { forwardRef, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select.tsx';
import { useOrphanOptionLabel } from '../../../components/school-options.tsx';
import { useOrphanOptions } from '../../../lib/orphan-options-query.ts';
import { translateMessage } from '../../../lib/translate-message.ts';

type OrphanSelectProps = SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean; /** Only this site's children (an id, as a filter holds it). */ site?: string };

/**
 * The child picker of the gallery and the upload form: a native select over the orphan selector
 * list (lib/orphan-options-query.ts), so it works with a keyboard, a screen reader and `register`.
 * While the list loads or if it fails, the one option says so. The select is made anew when the
 * list arrives, so a form's registered value (a child chosen before coming here) is applied to it.
 */
export const OrphanSelect = forwardRef<HTMLSelectElement, OrphanSelectProps>(function OrphanSelect({ site, ...props }, ref) {
  const { t } = useTranslation('gallery');
  const orphans = useOrphanOptions();
  const label = useOrphanOptionLabel();
  const placeholder = orphans.isPending
    ? t('filters.orphansLoading')
    : orphans.isError
      ? t('filters.orphansError', { message: translateMessage(t, orphans.error.message) })
      : t('filters.chooseOrphan');
  return (
    <Select key={orphans.data ? 'loaded' : 'waiting'} ref={ref} {...props}>
      <option value="">{placeholder}</option>
      {(orphans.data ?? []).filter((o) => !site || String(o.site_id) === site).map((o) => (
        <option key={o.id} value={String(o.id)}>
          {label(o)}
        </option>
      ))}
    </Select>
  );
});
