import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Lock, LockOpen, WifiOff } from 'lucide-react';
import { useOnline } from '../../lib/app-update.ts';
import { usePhoneStore } from '../../lib/kept-classes/use-kept-classes.ts';

/**
 * In the header, always: whether the phone is offline, and whether what it keeps for offline work
 * is locked or unlocked (only once it keeps something for this user). A word beside the icon from
 * the width of a tablet, the icon alone with its name on a phone; it opens "This phone".
 */
export function PhoneState() {
  const { t } = useTranslation('dashboard');
  const online = useOnline();
  const { mine, unlocked } = usePhoneStore();
  if (online && !mine) return null;
  const states = [
    ...(online ? [] : [{ key: 'offline', Icon: WifiOff, text: t('phoneState.offline') }]),
    ...(mine ? [unlocked ? { key: 'unlocked', Icon: LockOpen, text: t('phoneState.unlocked') } : { key: 'locked', Icon: Lock, text: t('phoneState.locked') }] : []),
  ];
  return (
    <Link
      to="/dashboard/profile"
      data-testid="phone-state"
      aria-label={states.map((s) => s.text).join(', ')}
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md px-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-200 dark:hover:bg-gray-800"
    >
      {states.map(({ key, Icon, text }) => (
        <span key={key} data-state={key} className="inline-flex items-center gap-1">
          <Icon className="h-4 w-4 shrink-0" aria-hidden />
          <span className="hidden md:inline">{text}</span>
        </span>
      ))}
    </Link>
  );
}
