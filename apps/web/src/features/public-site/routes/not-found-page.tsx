import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation('site');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-3 text-gray-600 dark:text-gray-400">{t('notFound.message')}</p>
      <Link to="/" className="mt-6 font-medium text-brand-700 hover:underline dark:text-brand-400">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
