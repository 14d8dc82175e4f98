import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { useCan } from '../../components/can.tsx';
import { LOCKDOWN_PERMISSION, useLockdown } from '../../lib/lockdown.ts';
import { useFormat } from '../../lib/use-format.ts';

/**
 * While lockdown is on, a red band across every screen says so and since when: sensitive details
 * are missing from every screen on purpose, not by a fault. No close button; it goes when lockdown
 * is lifted. Those who may lift it get the way to Settings.
 */
export function LockdownBanner() {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const { active, since } = useLockdown();
  const mayLift = useCan(LOCKDOWN_PERMISSION);
  if (!active) return null;
  return (
    <div
      role="status"
      data-testid="lockdown-banner"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden />
      <span className="font-medium">{since ? t('lockdownBanner.textSince', { time: format.dateTime(since) }) : t('lockdownBanner.text')}</span>
      {mayLift ? (
        <Link to="/dashboard/settings" className="font-medium underline hover:no-underline">
          {t('lockdownBanner.settings')}
        </Link>
      ) : null}
    </div>
  );
}
