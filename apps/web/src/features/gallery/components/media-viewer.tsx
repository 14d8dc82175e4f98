import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, Download, FileText } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import { splitTags, type MediaItem } from '@app/shared/schemas/media.schema';
import { PermissionButton } from '../../../components/can.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useStableUrl } from './use-stable-url.ts';
import { VideoPlayer } from './video-player.tsx';

interface MediaViewerProps {
  items: readonly MediaItem[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onDownload: (item: MediaItem) => void;
}

/** Keys that step through the items, unless a control inside the dialog uses them itself. */
function isOwnArrowTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && /^(INPUT|SELECT|TEXTAREA|VIDEO)$/.test(target.tagName);
}

/**
 * The viewer (spec section 2; a Radix Dialog): an image lightbox, a video player with a resolution
 * choice, or a document's details, with Previous and Next through the page's items (also the
 * arrow keys, mirrored in right-to-left languages).
 */
export function MediaViewer({ items, index, onIndexChange, onClose, onDownload }: MediaViewerProps) {
  const { t } = useTranslation('gallery');
  const format = useFormat();
  const item = items[index];
  const count = items.length;
  const previous = () => onIndexChange((index - 1 + count) % count);
  const next = () => onIndexChange((index + 1) % count);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (count < 2 || isOwnArrowTarget(event.target)) return;
      const rtl = document.documentElement.dir === 'rtl';
      if (event.key === 'ArrowRight') (rtl ? previous : next)();
      else if (event.key === 'ArrowLeft') (rtl ? next : previous)();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const imageUrl = useStableUrl(`${item?.id}:display`, item ? (item.display_url ?? item.original_url) : null);
  if (!item) return null;
  const tags = splitTags(item.tags);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="xl"
      title={item.title}
      footer={
        <div className="flex w-full flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <Button variant="outline" onClick={previous} disabled={count < 2}>
              <ChevronLeft className="rtl-flip h-4 w-4" aria-hidden />
              {t('viewer.previous')}
            </Button>
            <span className="text-sm text-gray-600 tabular-nums dark:text-gray-400" aria-live="polite">
              {t('viewer.position', { position: index + 1, total: count })}
            </span>
            <Button variant="outline" onClick={next} disabled={count < 2}>
              {t('viewer.next')}
              <ChevronRight className="rtl-flip h-4 w-4" aria-hidden />
            </Button>
          </div>
          <PermissionButton permission={PERMISSION.gallery.view} onClick={() => onDownload(item)}>
            <Download className="h-4 w-4" aria-hidden />
            {t('card.download')}
          </PermissionButton>
        </div>
      }
    >
      <div className="space-y-3">
        {item.media_type === 'image' ? (
          <img key={item.id} src={imageUrl ?? undefined} alt={item.title} className="mx-auto max-h-[65vh] w-auto rounded object-contain" />
        ) : item.media_type === 'video' ? (
          <VideoPlayer key={item.id} item={item} />
        ) : (
          <div className="flex flex-col items-center gap-2 py-8 text-center text-gray-600 dark:text-gray-300">
            <FileText className="h-16 w-16" aria-hidden />
            <p className="font-medium">{item.file_name}</p>
            <p className="text-sm">{t('viewer.noPreview')}</p>
          </div>
        )}
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {t(`types.${item.media_type}`)} · <time dateTime={item.date}>{format.date(item.date)}</time>
        </p>
        {item.description ? <p className="text-sm whitespace-pre-line" dir="auto">{item.description}</p> : null}
        {tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label={t('fields.tags')}>
            {tags.map((tag) => (
              <li key={tag}>
                <Badge tone="blue">{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Modal>
  );
}
