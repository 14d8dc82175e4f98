import { useTranslation } from 'react-i18next';
import { Eye, Target, Building2 } from 'lucide-react';
import { useSiteInfo } from '../../../lib/site-info.ts';
import { PageHero } from '../components/page-hero.tsx';

const SECTIONS = [
  { key: 'vision', icon: Eye },
  { key: 'mission', icon: Target },
  { key: 'profile', icon: Building2 },
] as const;

export function AboutPage() {
  const { t } = useTranslation('site');
  const site = useSiteInfo();
  return (
    <>
      <PageHero title={t('about.title', { name: site.organization_name })} subtitle={t('about.subtitle')} />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-12 sm:px-6 md:grid-cols-3">
        {SECTIONS.map(({ key, icon: Icon }) => (
          <section key={key} className="rounded-lg border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
            <Icon className="h-8 w-8 text-brand-700 dark:text-brand-400" aria-hidden />
            <h2 className="mt-3 text-xl font-semibold">{t(`about.${key}.title`)}</h2>
            <p className="mt-2 text-gray-600 dark:text-gray-400">{t(`about.${key}.text`)}</p>
          </section>
        ))}
      </div>
    </>
  );
}
