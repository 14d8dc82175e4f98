import type { TFunction } from 'i18next';
import { formatBytes, formatDuration, type TransferRate } from './transfer-rate.ts';

/** "3 MB of 40 MB · 120 KB/s · about 5 minutes left": what an upload in progress says, on the upload page and the edit screen alike. */
export function transferDetail(t: TFunction<'gallery'>, language: string, sent: number, total: number, rate: TransferRate): string {
  return [
    t('upload.sent', { sent: formatBytes(sent, language), total: formatBytes(total, language) }),
    rate.bytesPerSecond > 0 ? t('upload.speed', { speed: formatBytes(rate.bytesPerSecond, language) }) : null,
    rate.secondsLeft != null ? t('upload.timeLeft', { time: formatDuration(rate.secondsLeft, language) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** An upload's progress bar, named for screen readers ("Upload of photo.jpg"). */
export function TransferBar({ label, sent, total }: { label: string; sent: number; total: number }) {
  return (
    <progress
      className="mt-2 h-2 w-full overflow-hidden rounded [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-brand-700"
      max={total || 1}
      value={sent}
      aria-label={label}
    />
  );
}
