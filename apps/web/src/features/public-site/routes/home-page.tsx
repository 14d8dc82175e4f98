import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarCheck, FileSpreadsheet, GraduationCap, Image, UserPlus, Users, ClipboardList, TrendingUp, ArrowRight } from 'lucide-react';
import { useSiteInfo } from '../../../lib/site-info.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { SERVICES } from '../components/services-data.ts';
import { Island } from '../../../islands/island.tsx';
import { HomeHeroActions } from '../components/home-hero-actions.tsx';

const FIGURES = ['communities', 'families', 'children', 'education'] as const;
const STEPS = [
  { key: 'register', icon: UserPlus },
  { key: 'addChildren', icon: Users },
  { key: 'trackProgress', icon: TrendingUp },
  { key: 'reports', icon: ClipboardList },
] as const;
const FEATURES = [
  { key: 'orphans', icon: Users },
  { key: 'education', icon: GraduationCap },
  { key: 'attendance', icon: CalendarCheck },
  { key: 'reports', icon: FileSpreadsheet },
  { key: 'gallery', icon: Image },
] as const;

export function HomePage() {
  const { t } = useTranslation('site');
  const site = useSiteInfo();

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-brand-900/30 dark:to-gray-950">
        <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700 dark:text-brand-400">{site.organization_name}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{t('home.hero.title')}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-gray-600 dark:text-gray-300">{t('home.hero.subtitle')}</p>
          <Island
            name="home-actions"
            component={HomeHeroActions}
            props={{ labels: { login: t('home.hero.login'), register: t('home.hero.register'), dashboard: t('home.hero.goToDashboard') } }}
          />
        </div>
      </section>

      <section aria-labelledby="figures-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="figures-title" className="sr-only">{t('home.figures.title')}</h2>
        <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FIGURES.map((key) => (
            <div key={key} className="flex flex-col rounded-lg border border-gray-200 bg-white p-6 text-center shadow-sm dark:border-gray-800 dark:bg-gray-900">
              <dt className="order-2 mt-2 text-sm text-gray-600 dark:text-gray-400">{t(`home.figures.${key}.label`)}</dt>
              <dd className="text-3xl font-bold text-brand-700 dark:text-brand-400">{t(`home.figures.${key}.value`)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="services-title" className="bg-white py-14 dark:bg-gray-900">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="services-title" className="text-2xl font-bold">{t('home.services.title')}</h2>
              <p className="mt-2 text-gray-600 dark:text-gray-400">{t('home.services.subtitle')}</p>
            </div>
            <Link to="/services" className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-400">
              {t('home.services.all')}
              <ArrowRight className="rtl-flip h-4 w-4" aria-hidden />
            </Link>
          </div>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {SERVICES.map(({ key, icon: Icon, to }) => (
              <article key={key} className="flex flex-col rounded-lg border border-gray-200 p-6 dark:border-gray-800">
                <Icon className="h-8 w-8 text-brand-700 dark:text-brand-400" aria-hidden />
                <h3 className="mt-4 font-semibold">{t(`services.items.${key}.title`)}</h3>
                <p className="mt-2 flex-1 text-sm text-gray-600 dark:text-gray-400">{t(`services.items.${key}.summary`)}</p>
                {to ? (
                  <Link to={to} className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
                    {t('home.services.learnMore')}
                    <ArrowRight className="rtl-flip h-4 w-4" aria-hidden />
                  </Link>
                ) : null}
              </article>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="how-title" className="text-center text-2xl font-bold">{t('home.howItWorks.title')}</h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ key, icon: Icon }, index) => (
            <li key={key} className="rounded-lg bg-white p-6 shadow-sm dark:bg-gray-900">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold">
                {index + 1}. {t(`home.howItWorks.steps.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t(`home.howItWorks.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="features-title" className="bg-white py-14 dark:bg-gray-900">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="features-title" className="text-center text-2xl font-bold">{t('home.features.title')}</h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-4">
                <Icon className="h-6 w-6 shrink-0 text-brand-700 dark:text-brand-400" aria-hidden />
                <div>
                  <h3 className="font-semibold">{t(`home.features.items.${key}.title`)}</h3>
                  <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t(`home.features.items.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex justify-center">
            <Link to="/college" className={buttonClasses('outline', 'md')}>
              <GraduationCap className="h-4 w-4" aria-hidden />
              {t('home.collegeCta')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
