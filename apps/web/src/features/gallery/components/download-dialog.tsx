import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { MediaItem } from '@app/shared/schemas/media.schema';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { downloadChoices, downloadNotice } from './download-options.ts';
import { formatBytes } from './transfer-rate.ts';

/**
 * The download dialog of one item (spec section 2): a video's finished resolutions and its
 * original, or the original of an image or document, each with its size. Each choice is a plain link to its signed
 * download URL, so the browser's own download manager takes it (and resumes it) — nothing is
 * held in the page's memory.
 */
export function DownloadDialog({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const { t, i18n } = useTranslation('gallery');
  const notice = downloadNotice(item);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} size="sm" title={t('download.title', { title: item.title })} description={t('download.choose')}>
      <div className="space-y-3">
        {notice ? <Notice tone="info">{translateMessage(t, notice)}</Notice> : null}
        <ul className="space-y-2">
          {downloadChoices(item).map((choice) => (
            <li key={choice.name}>
              <a href={choice.url} download className={buttonClasses(choice.name === 'original' ? 'outline' : 'primary', 'md', 'w-full justify-start')}>
                <Download className="h-4 w-4" aria-hidden />
                {choice.name === 'original'
                  ? `${t('download.original')} (${formatBytes(choice.size ?? item.size_bytes, i18n.language)})`
                  : choice.size !== null
                    ? t('download.resolutionSized', { name: choice.name, size: formatBytes(choice.size, i18n.language) })
                    : t('download.resolution', { name: choice.name })}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
