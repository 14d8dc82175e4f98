import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A required field's label: its text and a red asterisk that says 'Required' to a pointer. */
export function RequiredMark({ children }: { children: ReactNode }) {
  const { t } = useTranslation('reports');
  return (
    <>
      {children}
      <span className="ms-0.5 text-red-600" title={t('required')}>
        *
      </span>
    </>
  );
}
