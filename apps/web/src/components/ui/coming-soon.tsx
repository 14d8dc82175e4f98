import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Stand-in for a dashboard screen that a later issue builds. It says so honestly instead of
 * showing fake data.
 */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-lg border border-dashed border-gray-300 bg-white p-10 text-center dark:border-gray-700 dark:bg-gray-900"
    >
      <Hammer className="h-10 w-10 text-brand-600" aria-hidden />
      <h2 id="coming-soon-title" className="text-xl font-semibold">
        {title}
      </h2>
      <p className="text-gray-600 dark:text-gray-400">{t('comingSoon.body')}</p>
    </section>
  );
}
