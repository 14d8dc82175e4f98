import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { PageHero } from '../components/page-hero.tsx';
import { SERVICES } from '../components/services-data.ts';

const FIGURES = ['orphans', 'orphanages', 'newOrphanage', 'total', 'wells'] as const;

export function ServicesPage() {
  const { t } = useTranslation('site');
  return (
    <>
      <PageHero title={t('services.title')} subtitle={t('services.subtitle')} />
      <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="grid gap-6 md:grid-cols-2">
          {SERVICES.map(({ key, icon: Icon, to }) => {
            const body = (
              <>
                <Icon className="h-10 w-10 text-brand-700 dark:text-brand-400" aria-hidden />
                <h2 className="mt-4 text-xl font-semibold">{t(`services.items.${key}.title`)}</h2>
                <p className="mt-2 text-gray-600 dark:text-gray-400">{t(`services.items.${key}.description`)}</p>
                {to ? (
                  <span className="mt-4 inline-flex items-center gap-1 font-medium text-brand-700 dark:text-brand-400">
                    {t('services.learnMore')}
                    <ArrowRight className="rtl-flip h-4 w-4" aria-hidden />
                  </span>
                ) : null}
              </>
            );
            const cardClasses = 'block rounded-lg border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900';
            return to ? (
              <Link key={key} to={to} className={`${cardClasses} transition-shadow hover:shadow-md`}>
                {body}
              </Link>
            ) : (
              <article key={key} className={cardClasses}>
                {body}
              </article>
            );
          })}
        </div>
      </section>
      <section aria-labelledby="impact-title" className="bg-white py-12 dark:bg-gray-900">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="impact-title" className="text-center text-2xl font-bold">{t('services.impact.title')}</h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {FIGURES.map((key) => (
              <li key={key} className="rounded-lg bg-brand-50 p-5 text-center dark:bg-brand-900/30">
                <p className="text-2xl font-bold text-brand-700 dark:text-brand-300">{t(`services.impact.${key}.value`)}</p>
                <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t(`services.impact.${key}.label`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
