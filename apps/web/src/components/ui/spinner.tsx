import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-gray-600 dark:text-gray-300', className)}>
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <span className={label ? undefined : 'sr-only'}>{label ?? t('status.loading')}</span>
    </span>
  );
}

/** Full-area loading state, e.g. while authentication is being checked. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={t('status.loading')} />
    </div>
  );
}
