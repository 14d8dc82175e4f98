import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function OrphanFormPage() {
  const { t } = useTranslation('dashboard');
  const { id } = useParams();
  return <ComingSoon title={id ? t('screens.orphanEdit') : t('screens.orphanCreate')} />;
}
