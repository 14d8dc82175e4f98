import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, BookOpen, Globe2, HeartHandshake, Users } from 'lucide-react';
import { PageHero } from '../components/page-hero.tsx';

const PILLARS = [
  { key: 'values', icon: HeartHandshake },
  { key: 'curriculum', icon: Globe2 },
  { key: 'care', icon: Users },
  { key: 'languages', icon: BookOpen },
] as const;

export function CollegePage() {
  const { t } = useTranslation('site');
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
        <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
          <ArrowLeft className="rtl-flip h-4 w-4" aria-hidden />
          {t('college.back')}
        </Link>
      </div>
      <PageHero title={t('college.title')} subtitle={t('college.subtitle')} />
      <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <p className="text-lg text-gray-700 dark:text-gray-300">{t('college.intro')}</p>
        <div className="mt-10 grid gap-6 sm:grid-cols-2">
          {PILLARS.map(({ key, icon: Icon }) => (
            <article key={key} className="rounded-lg border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
              <Icon className="h-8 w-8 text-brand-700 dark:text-brand-400" aria-hidden />
              <h2 className="mt-3 text-lg font-semibold">{t(`college.pillars.${key}.title`)}</h2>
              <p className="mt-2 text-gray-600 dark:text-gray-400">{t(`college.pillars.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>
    </>
  );
}
