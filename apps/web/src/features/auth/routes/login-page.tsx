import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoginCard } from '../components/login-card.tsx';

/** /login inside the app: the notice and the way back a protected page left in the location state. */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const go = useCallback((to: string) => void navigate(to, { replace: true }), [navigate]);
  return <LoginCard redirectState={location.state} go={go} />;
}
