import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function PagesPage() {
  const { t } = useTranslation('dashboard');
  return <ComingSoon title={t('screens.pages')} />;
}
