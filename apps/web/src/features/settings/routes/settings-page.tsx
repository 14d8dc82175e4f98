import { useTranslation } from 'react-i18next';
import { useCan } from '../../../components/can.tsx';
import { LOCKDOWN_PERMISSION } from '../../../lib/lockdown.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSettings } from '../api/get-settings.ts';
import { LockdownCard } from '../components/lockdown-card.tsx';
import { SettingsForm } from '../components/settings-form.tsx';

/** /dashboard/settings: System Settings (spec section 2), and the lockdown card for those who may use it. */
export function SettingsPage() {
  const { t } = useTranslation('admin');
  const settings = useSettings();
  const mayLockDown = useCan(LOCKDOWN_PERMISSION);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h2 className="text-xl font-semibold">{t('settings.title')}</h2>
      {settings.isPending ? <Spinner /> : null}
      {settings.isError ? <Notice tone="error">{t('settings.loadError')}</Notice> : null}
      {settings.data ? <SettingsForm settings={settings.data} /> : null}
      {mayLockDown ? <LockdownCard /> : null}
    </div>
  );
}
