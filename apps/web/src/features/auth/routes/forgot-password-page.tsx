import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import { useSiteInfo } from '../../../lib/site-info.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { AuthCard } from '../components/auth-card.tsx';

/**
 * Self-service password reset arrives in a later issue. Until then the page says honestly what to
 * do instead of showing a form that sends nothing.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const site = useSiteInfo();
  return (
    <AuthCard title={t('forgot.title')}>
      <Notice tone="info">{t('forgot.notice')}</Notice>
      <p className="mt-4 flex items-center gap-2 text-sm">
        <Mail className="h-4 w-4 text-brand-700 dark:text-brand-400" aria-hidden />
        <a href={`mailto:${site.contact_email}`} className="text-brand-700 hover:underline dark:text-brand-400">
          {site.contact_email}
        </a>
      </p>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('forgot.back')}
        </Link>
      </p>
    </AuthCard>
  );
}
