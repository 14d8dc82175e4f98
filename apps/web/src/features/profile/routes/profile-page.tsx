import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useAuth } from '../../../lib/auth-context.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { CalendarSetting } from '../components/calendar-setting.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { DebugInfo } from '../components/debug-info.tsx';
import { ThisPhoneCard } from '../components/this-phone-card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';

/** /dashboard/profile: My Profile (spec section 2). */
export function ProfilePage() {
  const { t } = useTranslation('admin');
  const { logout, logoutEverywhere } = useAuth();
  const navigate = useNavigate();
  const [everywhereError, setEverywhereError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  const onLogoutEverywhere = async () => {
    setBusy(true);
    setEverywhereError(null);
    try {
      await logoutEverywhere();
      navigate('/login', { replace: true });
    } catch (err) {
      setEverywhereError(translateMessage(t, (err as Error).message) ?? '');
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h2 className="text-xl font-semibold">{t('profile.title')}</h2>
      <Card title={t('profile.info.title')} description={t('profile.info.description')}>
        <ProfileForm />
      </Card>
      <Card title={t('profile.language.title')} description={t('profile.language.description')}>
        <LanguageSwitcher align="start" className="border border-gray-300 dark:border-gray-700" />
      </Card>
      <Card title={t('profile.calendar.title')} description={t('profile.calendar.description')}>
        <CalendarSetting />
      </Card>
      <Card title={t('profile.password.title')} description={t('profile.password.description')}>
        <PasswordForm />
      </Card>
      <Card title={t('profile.phone.title')} description={t('profile.phone.description')}>
        <ThisPhoneCard />
      </Card>
      <Card title={t('profile.logout.title')} description={t('profile.logout.description')}>
        <Button variant="danger" onClick={() => void onLogout()}>
          <LogOut className="rtl-flip h-4 w-4" aria-hidden />
          {t('profile.logout.button')}
        </Button>
        <p className="mb-3 mt-5 text-sm text-gray-600 dark:text-gray-400">{t('profile.logout.everywhereDescription')}</p>
        {everywhereError !== null ? <Notice tone="error">{t('profile.logout.everywhereFailed', { message: everywhereError })}</Notice> : null}
        <Button variant="danger" onClick={() => void onLogoutEverywhere()} disabled={busy}>
          <MonitorSmartphone className="h-4 w-4" aria-hidden />
          {t('profile.logout.everywhereButton')}
        </Button>
      </Card>
      <Card title={t('profile.debug.title')} description={t('profile.debug.description')}>
        <DebugInfo />
      </Card>
    </div>
  );
}

function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <h3 className="text-lg font-semibold">{title}</h3>
      {description ? <p className="mb-4 mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</p> : null}
      {children}
    </section>
  );
}
