import { useTranslation } from 'react-i18next';
import { CheckCircle2, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { TransferBar, transferDetail } from './transfer-progress.tsx';
import { formatBytes, type TransferRate } from './transfer-rate.ts';
import type { QueuedUpload } from './use-upload-queue.ts';

interface UploadFileRowProps {
  item: QueuedUpload;
  rate: TransferRate;
  /** While the queue runs, files are not taken out (only cancelled). */
  locked: boolean;
  onCancel: () => void;
  onRemove: () => void;
}

/** One chosen file: its progress bar with the bytes sent, the speed and the time left, and its state. */
export function UploadFileRow({ item, rate, locked, onCancel, onRemove }: UploadFileRowProps) {
  const { t, i18n } = useTranslation('gallery');
  const { file, state } = item;
  const active = state === 'uploading' || state === 'stalled';
  const total = file.size;

  let detail: string;
  if (state === 'waiting') detail = `${formatBytes(total, i18n.language)} · ${t('upload.waiting')}`;
  else if (state === 'done') detail = `${formatBytes(total, i18n.language)} · ${item.notice ? translateMessage(t, item.notice) : t('upload.done')}`;
  else if (state === 'cancelled') detail = t('upload.cancelled');
  else if (state === 'failed') detail = t('upload.failed', { message: translateMessage(t, item.error?.message) ?? t('upload.uploadFailed') });
  else if (state === 'stalled') detail = `${t('upload.sent', { sent: formatBytes(item.sent, i18n.language), total: formatBytes(total, i18n.language) })} · ${t('upload.stalled')}`;
  else detail = transferDetail(t, i18n.language, item.sent, total, rate);

  return (
    <li className="rounded-md border border-gray-200 p-3 dark:border-gray-700">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={file.name}>
            {state === 'done' ? <CheckCircle2 className="me-1 inline h-4 w-4 text-green-700 dark:text-green-400" aria-hidden /> : null}
            {file.name}
          </p>
          <p className={state === 'failed' ? 'text-xs text-red-700 dark:text-red-400' : state === 'done' && item.notice ? 'text-xs text-amber-800 dark:text-amber-300' : 'text-xs text-gray-600 dark:text-gray-400'}>{detail}</p>
        </div>
        {active ? (
          <Button variant="ghost" size="sm" onClick={onCancel} aria-label={t('upload.cancelFile', { name: file.name })}>
            <X className="h-4 w-4" aria-hidden />
            {t('upload.cancel')}
          </Button>
        ) : state !== 'done' && !locked ? (
          <Tooltip label={t('upload.remove', { name: file.name })}>
            <Button variant="ghost" size="icon" onClick={onRemove} aria-label={t('upload.remove', { name: file.name })}>
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </Tooltip>
        ) : null}
      </div>
      {state !== 'waiting' && state !== 'cancelled' ? <TransferBar label={t('upload.progress', { name: file.name })} sent={state === 'done' ? total : item.sent} total={total} /> : null}
    </li>
  );
}
