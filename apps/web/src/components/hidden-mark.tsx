import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';

/**
 * What stands for a child's field the server left out because the reader may not see its class
 * (need to know): never mistaken for an empty value.
 */
export function HiddenMark() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded bg-gray-100 px-1.5 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-200" data-testid="hidden-mark">
      <Lock className="h-3 w-3" aria-hidden />
      {t('hiddenField')}
    </span>
  );
}
