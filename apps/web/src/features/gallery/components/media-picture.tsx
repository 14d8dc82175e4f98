import { useTranslation } from 'react-i18next';
import { FileText, Film, ImageOff } from 'lucide-react';
import type { MediaItem } from '@app/shared/schemas/media.schema';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatClock } from './transfer-rate.ts';

const STATUS_TONES: Record<MediaItem['status'], BadgeTone> = { processing: 'yellow', ready: 'green', failed: 'red' };

export type MediaPictureItem = Pick<MediaItem, 'media_type' | 'title' | 'thumbnail_url' | 'duration' | 'status'>;

/**
 * What a card shows of an item: an image's thumbnail, a video's poster with its length and its
 * processing / ready / failed state, a document's icon. The picture is decorative (the card's
 * title names the item), so its alt is empty.
 */
export function MediaPicture({ item, className }: { item: MediaPictureItem; className?: string }) {
  const { t, i18n } = useTranslation('gallery');
  const Icon = item.media_type === 'document' ? FileText : item.media_type === 'video' ? Film : ImageOff;
  return (
    <div className={cn('relative flex aspect-[4/3] items-center justify-center overflow-hidden bg-gray-100 dark:bg-gray-800', className)}>
      {item.thumbnail_url ? (
        <img src={item.thumbnail_url} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
      ) : (
        <Icon className="h-12 w-12 text-gray-500 dark:text-gray-400" aria-hidden />
      )}
      {item.media_type === 'video' ? (
        <>
          <Badge tone={STATUS_TONES[item.status]} className="absolute start-2 top-2">
            {t(`status.${item.status}`)}
          </Badge>
          {item.duration != null ? (
            <span className="absolute end-2 bottom-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
              <span className="sr-only">{t('card.duration', { duration: formatClock(item.duration, i18n.language) })}</span>
              <span aria-hidden>{formatClock(item.duration, i18n.language)}</span>
            </span>
          ) : null}
        </>
      ) : item.status === 'failed' ? (
        <Badge tone="red" className="absolute start-2 top-2">
          {t('status.failed')}
        </Badge>
      ) : null}
    </div>
  );
}
