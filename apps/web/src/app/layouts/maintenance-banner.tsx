import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Wrench } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import { useMaintenanceMode } from '../../lib/maintenance.ts';
import { useCan } from '../../components/can.tsx';

/**
 * While maintenance mode is on, only administrators get past the maintenance gate; this band
 * across every screen tells them so, so it is not left on by mistake. It has no close button:
 * it goes when maintenance mode does.
 */
export function MaintenanceBanner() {
  const { t } = useTranslation('dashboard');
  const { active } = useMaintenanceMode();
  const canManageSettings = useCan(PERMISSION.settings.manage);
  if (!active) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <Wrench className="h-4 w-4 shrink-0" aria-hidden />
      <span className="font-medium">{t('maintenanceBanner.text')}</span>
      {canManageSettings ? (
        <Link to="/dashboard/settings" className="font-medium underline hover:no-underline">
          {t('maintenanceBanner.settings')}
        </Link>
      ) : null}
    </div>
  );
}
