import { useTranslation } from 'react-i18next';
import { Download, Pencil, Trash2 } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import type { MediaItem } from '@app/shared/schemas/media.schema';
import { PermissionButton } from '../../../components/can.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { MediaPicture } from './media-picture.tsx';

interface MediaCardProps {
  item: MediaItem;
  onOpen: () => void;
  onDownload: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One card of the grid: the picture opens the viewer; Download, Edit and Delete follow their permissions. */
export function MediaCard({ item, onOpen, onDownload, onEdit, onDelete }: MediaCardProps) {
  const { t } = useTranslation('gallery');
  const format = useFormat();
  const titleId = `media-${item.id}-title`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm dark:border-gray-700 dark:bg-gray-900">
      <button
        type="button"
        onClick={onOpen}
        aria-label={t('card.open', { title: item.title })}
        className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <MediaPicture item={item} />
      </button>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 id={titleId} className="truncate text-sm font-semibold" title={item.title} dir="auto">
          {item.title}
        </h3>
        <p className="text-xs text-gray-600 dark:text-gray-400">
          {t(`types.${item.media_type}`)} · <time dateTime={item.date}>{format.date(item.date)}</time>
        </p>
        {item.status === 'failed' && item.status_reason ? (
          <p className="text-xs text-red-700 dark:text-red-400">{t('card.failedReason', { reason: translateMessage(t, item.status_reason) })}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-1 pt-2">
          <PermissionButton permission={PERMISSION.gallery.view} variant="outline" size="sm" onClick={onDownload} aria-label={t('card.downloadTitle', { title: item.title })}>
            <Download className="h-4 w-4" aria-hidden />
            {t('card.download')}
          </PermissionButton>
          <PermissionButton permission={PERMISSION.gallery.edit} variant="ghost" size="sm" onClick={onEdit} aria-label={t('card.editTitle', { title: item.title })}>
            <Pencil className="h-4 w-4" aria-hidden />
            {t('card.edit')}
          </PermissionButton>
          <PermissionButton permission={PERMISSION.gallery.delete} variant="ghost" size="sm" onClick={onDelete} aria-label={t('card.deleteTitle', { title: item.title })}>
            <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
            {t('card.delete')}
          </PermissionButton>
        </div>
      </div>
    </li>
  );
}
