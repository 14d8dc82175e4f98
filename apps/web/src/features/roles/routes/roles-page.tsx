import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function RolesPage() {
  const { t } = useTranslation('dashboard');
  return <ComingSoon title={t('screens.roles')} />;
}
