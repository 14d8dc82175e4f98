import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { loadNewVersion, useOnline, useUpdateReady } from '../../lib/app-update.ts';

const band = 'flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-4 py-2 text-sm';

/**
 * Bands across every screen of the dashboard: no connection (the app keeps opening from its
 * cache), and a new version ready — loaded only when the reader chooses, or dismissed until the
 * next time the app opens.
 */
export function AppStatusBanners() {
  const { t } = useTranslation('dashboard');
  const online = useOnline();
  const updateReady = useUpdateReady();
  const [later, setLater] = useState(false);
  return (
    <>
      {online ? null : (
        <div role="status" data-testid="offline-banner" className={`${band} border-gray-300 bg-gray-100 text-gray-900 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100`}>
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden />
          <span className="font-medium">{t('offlineBanner.text')}</span>
        </div>
      )}
      {updateReady && !later ? (
        <div role="status" data-testid="update-banner" className={`${band} border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-900 dark:text-brand-50`}>
          <RefreshCw className="h-4 w-4 shrink-0" aria-hidden />
          <span className="font-medium">{t('updateBanner.text')}</span>
          <span className="flex gap-2">
            <Button size="sm" onClick={loadNewVersion}>
              {t('updateBanner.reload')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setLater(true)}>
              {t('updateBanner.later')}
            </Button>
          </span>
        </div>
      ) : null}
    </>
  );
}
