import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import { useCan } from '../../../components/can.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useOrphanMedia } from '../api/get-orphan-media.ts';
import { galleryPathFor } from './gallery-list-spec.ts';
import { MediaPicture } from './media-picture.tsx';

/** How many of the newest items the strip shows. */
export const STRIP_SIZE = 6;

/**
 * A child's latest media on their details page, with a link to the gallery filtered to them.
 * Shown only to those who may view the gallery (the call would be refused otherwise).
 */
export function OrphanMediaStrip({ orphanId }: { orphanId: number }) {
  const allowed = useCan(PERMISSION.gallery.view);
  return allowed ? <Strip orphanId={orphanId} /> : null;
}

function Strip({ orphanId }: { orphanId: number }) {
  const { t } = useTranslation('gallery');
  const media = useOrphanMedia(orphanId);
  const latest = (media.data ?? []).slice(0, STRIP_SIZE);
  const galleryPath = galleryPathFor(orphanId);

  return (
    <section aria-labelledby="orphan-media-title" className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id="orphan-media-title" className="text-lg font-semibold">
          {t('strip.title')}
        </h3>
        <Link to={galleryPath} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          {t('strip.viewAll')}
          <ArrowRight className="rtl-flip h-4 w-4" aria-hidden />
        </Link>
      </div>
      {media.isPending ? (
        <Spinner />
      ) : media.isError ? (
        <Notice tone="error">{t('strip.error', { message: translateMessage(t, media.error.message) })}</Notice>
      ) : latest.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('strip.empty')}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
          {latest.map((item) => (
            <li key={item.id}>
              <Link to={galleryPath} className="block overflow-hidden rounded-md border border-gray-200 dark:border-gray-700" title={item.title}>
                <MediaPicture item={item} />
                <span className="block truncate px-2 py-1 text-xs" dir="auto">{item.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
