import { useTranslation } from 'react-i18next';
import { LifeBuoy } from 'lucide-react';

/** The areas, in the order staff meet them in the sidebar. */
const SECTIONS = ['orphans', 'gallery', 'results', 'attendance', 'reports', 'activities', 'users', 'pages', 'contacts', 'profile', 'languages', 'settings', 'maintenance', 'trash'] as const;

/** /dashboard/help: what each area of the dashboard is for, in plain language. */
export function HelpPage() {
  const { t } = useTranslation('help');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex items-start gap-3">
        <LifeBuoy className="mt-1 h-6 w-6 shrink-0 text-brand-700 dark:text-brand-400" aria-hidden />
        <div>
          <h2 className="text-xl font-semibold">{t('title')}</h2>
          <p className="mt-1 text-gray-600 dark:text-gray-400">{t('intro')}</p>
        </div>
      </div>

      <nav aria-labelledby="help-contents" className="rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
        <h3 id="help-contents" className="mb-2 text-sm font-semibold uppercase tracking-wide text-gray-500 dark:text-gray-400">
          {t('contents')}
        </h3>
        <ul className="grid gap-1 sm:grid-cols-2">
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#help-${id}`} className="text-brand-700 hover:underline dark:text-brand-400">
                {t(`sections.${id}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {SECTIONS.map((id) => (
        <section
          key={id}
          id={`help-${id}`}
          aria-labelledby={`help-${id}-title`}
          className="scroll-mt-20 rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
        >
          <h3 id={`help-${id}-title`} className="text-lg font-semibold">
            {t(`sections.${id}.title`)}
          </h3>
          <div className="mt-2 space-y-2 text-gray-700 dark:text-gray-300">
            {(t(`sections.${id}.body`, { returnObjects: true }) as string[]).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>
      ))}

      <p className="text-sm text-gray-600 dark:text-gray-400">{t('contactAdmin')}</p>
    </div>
  );
}
