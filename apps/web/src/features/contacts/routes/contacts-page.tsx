import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth-context.tsx';
import { ComingSoon } from '../../../components/ui/coming-soon.tsx';

export function ContactsPage() {
  const { t } = useTranslation('dashboard');
  const { isAuthenticated, isAdministrator } = useAuth();
  // Spec section 2: the contacts page checks access itself, on top of the route guard.
  if (!isAuthenticated || !isAdministrator) return <Navigate to="/unauthorized" replace />;
  return <ComingSoon title={t('screens.contacts')} />;
}
