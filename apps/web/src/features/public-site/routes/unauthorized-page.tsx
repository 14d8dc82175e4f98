import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';

export function UnauthorizedPage() {
  const { t } = useTranslation('site');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <ShieldAlert className="h-14 w-14 text-red-600" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">{t('unauthorized.title')}</h1>
      <p className="mt-3 text-gray-600 dark:text-gray-400">{t('unauthorized.message')}</p>
      <Link to="/" className={`${buttonClasses('primary', 'md')} mt-8`}>
        {t('unauthorized.back')}
      </Link>
    </section>
  );
}
