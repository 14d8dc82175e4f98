import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/list/form-modal.tsx';
import { intlLocale } from '@app/shared/intl-locale';

interface ExportModalProps {
  /** The form's id (the footer's Export button sits outside the form and names it). */
  id: string;
  title: ReactNode;
  busy: boolean;
  /** Bytes of the file received so far while it downloads; null before and after. */
  received: number | null;
  /** The section 8 alert of a failed export, when no field says it. */
  failure: string | null;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * An export form (spec section 2): the list kit's FormModal with Export for its submit; while the
 * file downloads, a progress bar and how much has arrived (a streamed file has no size up front,
 * so the bar runs without an end). It cannot be closed mid-download.
 */
export function ExportModal({ received, children, ...form }: ExportModalProps) {
  const { t, i18n } = useTranslation('reports');
  const size = received === null ? null : formatBytes(received, i18n.language);
  return (
    <FormModal {...form} size="md" submitLabel={t('actions.export')} busyLabel={t('actions.exporting')}>
      {children}
      {form.busy ? (
        <div role="status" className="space-y-1">
          <progress className="h-2 w-full accent-brand-700" aria-label={t('progress.label')} />
          <p className="text-sm text-gray-700 dark:text-gray-300">{size && received ? t('progress.received', { size }) : t('progress.preparing')}</p>
        </div>
      ) : null}
    </FormModal>
  );
}

/** '12.5 KB', '1.2 MB' in the reader's digits. */
export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  try {
    return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  } catch {
    return `${Math.round(value)} ${['B', 'KB', 'MB', 'GB'][unit]}`;
  }
}
