import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from '../../../components/form-parts.tsx';

/** A required field's label: its text and the red asterisk that says 'Required' to a pointer. */
export function RequiredMark({ children }: { children: ReactNode }) {
  const { t } = useTranslation('reports');
  return <FieldLabel text={children} required={t('required')} />;
}
