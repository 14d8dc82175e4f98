import { useTranslation } from 'react-i18next';
import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { messagingLink, telLink, useSiteInfo } from '../../../lib/site-info.ts';
import { PageHero } from '../components/page-hero.tsx';
import { ContactFormIsland } from '../components/contact-form-island.tsx';
import { Island } from '../../../islands/island.tsx';
import { OfficeMap } from '../components/office-map.tsx';

const FAQ = ['visit', 'sponsor', 'volunteer', 'enrol'] as const;
const cardClasses = 'rounded-lg border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900';
const linkClasses = 'text-brand-700 hover:underline dark:text-brand-400';

export function ContactPage() {
  const { t } = useTranslation('site');
  const { t: tc } = useTranslation();
  const site = useSiteInfo();
  const messaging = messagingLink(site.contact_phone);

  return (
    <>
      <PageHero title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-3">
        <div className="space-y-6">
          <section className={cardClasses} aria-labelledby="contact-details">
            <h2 id="contact-details" className="text-lg font-semibold">{t('contact.details')}</h2>
            <address className="mt-4 space-y-3 not-italic text-gray-700 dark:text-gray-300">
              <p className="flex items-start gap-3">
                <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-400" aria-hidden />
                <span>{site.address}</span>
              </p>
              <p className="flex items-start gap-3">
                <Phone className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-400" aria-hidden />
                <a href={telLink(site.contact_phone)} className={linkClasses} dir="ltr">{site.contact_phone}</a>
              </p>
              <p className="flex items-start gap-3">
                <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-400" aria-hidden />
                <a href={`mailto:${site.contact_email}`} className={linkClasses}>{site.contact_email}</a>
              </p>
              {messaging ? (
                <p className="flex items-start gap-3">
                  <MessageCircle className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-400" aria-hidden />
                  <a href={messaging} target="_blank" rel="noopener noreferrer" className={linkClasses}>{tc('footer.whatsapp')}</a>
                </p>
              ) : null}
            </address>
          </section>
          <section className={cardClasses} aria-labelledby="contact-hours">
            <h2 id="contact-hours" className="flex items-center gap-2 text-lg font-semibold">
              <Clock className="h-5 w-5 text-brand-700 dark:text-brand-400" aria-hidden />
              {tc('footer.workingHours')}
            </h2>
            <p className="mt-3 text-gray-700 dark:text-gray-300">{tc('hours.weekdays')}</p>
            <p className="text-gray-700 dark:text-gray-300">{tc('hours.friday')}</p>
          </section>
        </div>

        <section className={`${cardClasses} lg:col-span-2`} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="mb-4 text-lg font-semibold">{t('contact.form.title')}</h2>
          <Island name="contact-form" component={ContactFormIsland} props={{}} />
        </section>
      </div>

      <section className="mx-auto max-w-6xl px-4 pb-12 sm:px-6" aria-labelledby="contact-map">
        <h2 id="contact-map" className="mb-4 text-lg font-semibold">{t('contact.map.title')}</h2>
        <Island name="office-map" component={OfficeMap} props={{ site: { address: site.address, map_embed_url: site.map_embed_url } }} />
      </section>

      <section className="mx-auto max-w-4xl px-4 pb-16 sm:px-6" aria-labelledby="contact-faq">
        <h2 id="contact-faq" className="mb-4 text-2xl font-bold">{t('contact.faq.title')}</h2>
        <div className="space-y-3">
          {FAQ.map((key) => (
            <details key={key} className={`${cardClasses} group`}>
              <summary className="cursor-pointer list-none font-medium marker:hidden">{t(`contact.faq.items.${key}.q`)}</summary>
              <p className="mt-3 text-gray-600 dark:text-gray-400">{t(`contact.faq.items.${key}.a`)}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  );
}
