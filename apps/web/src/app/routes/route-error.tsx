import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Last line of defence: a screen that crashed shows a calm message instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="p-10 text-center">
        <h1 className="text-2xl font-bold">{t('errors.notFound')}</h1>
      </div>
    );
  }
  console.error(error);
  return (
    <div className="mx-auto max-w-lg p-10 text-center">
      <h1 className="text-2xl font-bold">{t('errors.crashTitle')}</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">{t('errors.crashBody')}</p>
      <Link to="/" className="mt-6 inline-block font-medium text-brand-700 hover:underline">
        {t('errors.home')}
      </Link>
    </div>
  );
}
