import type { MediaItem } from '@app/shared/schemas/media.schema';
import { MediaCard } from './media-card.tsx';

interface MediaGridProps {
  items: readonly MediaItem[];
  label: string;
  onOpen: (index: number) => void;
  onDownload: (item: MediaItem) => void;
  onEdit: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => void;
}

/** The grid of media cards: two columns on a phone, up to four on a wide screen. */
export function MediaGrid({ items, label, onOpen, onDownload, onEdit, onDelete }: MediaGridProps) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
      {items.map((item, index) => (
        <MediaCard
          key={item.id}
          item={item}
          onOpen={() => onOpen(index)}
          onDownload={() => onDownload(item)}
          onEdit={() => onEdit(item)}
          onDelete={() => onDelete(item)}
        />
      ))}
    </ul>
  );
}
