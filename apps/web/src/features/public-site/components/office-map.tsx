import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink, Map as MapIcon, MapPin } from 'lucide-react';
import { mapSearchLink, type SiteInfo } from '../../../lib/site-info.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';

const linkClasses = 'inline-flex items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-400';

/**
 * The contact page's office map. The page never needs a third party to render: it shows the
 * address and an "Open in maps" link, and the embedded OpenStreetMap frame loads only when the
 * visitor asks for it. On a slow or offline link nothing waits on the map, and a frame that cannot
 * load leaves the address and the link beside it. The box keeps its height either way, so asking
 * for the map moves nothing on the page.
 */
export function OfficeMap({ site }: { site: Pick<SiteInfo, 'address' | 'map_embed_url'> }) {
  const { t } = useTranslation('site');
  const [shown, setShown] = useState(false);

  return (
    <div className="overflow-hidden rounded-lg border border-gray-200 dark:border-gray-800">
      {shown ? (
        <iframe title={t('contact.map.iframeTitle')} src={site.map_embed_url} referrerPolicy="no-referrer-when-downgrade" className="block h-80 w-full" />
      ) : (
        <div className="flex h-80 flex-col items-center justify-center gap-4 bg-gray-50 px-6 text-center dark:bg-gray-900">
          <MapIcon className="h-10 w-10 text-gray-400 dark:text-gray-500" aria-hidden />
          <button type="button" onClick={() => setShown(true)} className={buttonClasses('outline', 'md')}>
            {t('contact.map.show')}
          </button>
          <p className="max-w-md text-sm text-gray-600 dark:text-gray-400">{t('contact.map.note')}</p>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 bg-white px-4 py-3 text-sm dark:border-gray-800 dark:bg-gray-950">
        <p className="flex items-start gap-2 text-gray-700 dark:text-gray-300">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-400" aria-hidden />
          <span dir="auto">{site.address}</span>
        </p>
        <a href={mapSearchLink(site.address)} target="_blank" rel="noopener noreferrer" className={linkClasses}>
          {t('contact.map.openInMaps')}
          <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        </a>
      </div>
    </div>
  );
}
