import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Clock, ExternalLink, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { messagingLink, telLink, useSiteInfo } from '../../lib/site-info.ts';
import { useLegalLinks } from '../../lib/legal-links.ts';
import { todayIso } from '../../lib/format-date.ts';
import { useFormat } from '../../lib/use-format.ts';

const headingClasses = 'mb-3 text-sm font-semibold uppercase tracking-wide text-gray-900 dark:text-gray-100';
const linkClasses = 'text-gray-600 hover:text-brand-700 dark:text-gray-400 dark:hover:text-brand-400';

export function PublicFooter() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const legalLinks = useLegalLinks();
  const messaging = messagingLink(site.contact_phone);
  const social = [
    { url: site.facebook_url, label: 'Facebook' },
    { url: site.twitter_url, label: 'X (Twitter)' },
    { url: site.instagram_url, label: 'Instagram' },
    { url: site.youtube_url, label: 'YouTube' },
  ].filter((s) => s.url);
  // This year in the reader's calendar and digits (۱۴۰۵ for a Dari reader).
  const year = useFormat().date(todayIso(), { style: 'year' });

  return (
    <footer className="border-t border-gray-200 bg-white text-sm dark:border-gray-800 dark:bg-gray-950">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-base font-semibold text-gray-900 dark:text-gray-100">{site.organization_name}</p>
          <p className="mt-2 text-gray-600 dark:text-gray-400">{site.organization_slogan}</p>
          {social.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-4" aria-label={t('footer.social')}>
              {social.map(({ url, label }) => (
                <li key={label}>
                  <a href={url} target="_blank" rel="noopener noreferrer" className={`inline-flex items-center gap-1 ${linkClasses}`}>
                    {label}
                    <ExternalLink className="rtl-flip h-3.5 w-3.5" aria-hidden />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <nav aria-label={t('footer.quickLinks')}>
          <p className={headingClasses}>{t('footer.quickLinks')}</p>
          <ul className="space-y-2">
            <li><Link to="/" className={linkClasses}>{t('nav.home')}</Link></li>
            <li><Link to="/about" className={linkClasses}>{t('nav.about')}</Link></li>
            <li><Link to="/contact" className={linkClasses}>{t('nav.contact')}</Link></li>
            <li><Link to="/register" className={linkClasses}>{t('nav.signup')}</Link></li>
            <li><Link to="/login" className={linkClasses}>{t('nav.login')}</Link></li>
          </ul>
        </nav>

        <div>
          <p className={headingClasses}>{t('footer.workingHours')}</p>
          <p className="flex items-start gap-2 text-gray-600 dark:text-gray-400">
            <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              {t('hours.weekdays')}
              <br />
              {t('hours.friday')}
            </span>
          </p>
        </div>

        <address className="not-italic">
          <p className={headingClasses}>{t('footer.contactUs')}</p>
          <ul className="space-y-2 text-gray-600 dark:text-gray-400">
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>{site.address}</span>
            </li>
            <li className="flex items-start gap-2">
              <Phone className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <a href={telLink(site.contact_phone)} className={linkClasses} dir="ltr">
                {site.contact_phone}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Mail className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <a href={`mailto:${site.contact_email}`} className={linkClasses}>
                {site.contact_email}
              </a>
            </li>
            {messaging ? (
              <li className="flex items-start gap-2">
                <MessageCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                <a href={messaging} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                  {t('footer.whatsapp')}
                </a>
              </li>
            ) : null}
          </ul>
        </address>
      </div>

      <div className="border-t border-gray-200 dark:border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-4 text-gray-500 sm:flex-row sm:px-6 dark:text-gray-400">
          <p>{t('footer.copyright', { year, name: site.organization_name })}</p>
          {legalLinks.length > 0 ? (
            <ul className="flex gap-4">
              {legalLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClasses}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
