import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '@app/shared/schemas/media.schema';
import { Label } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { videoResolutions } from './download-options.ts';
import { useStableUrl } from './use-stable-url.ts';

/**
 * A video with a choice of resolution. It starts at the lowest one made, so a phone on 3G plays
 * without fetching the original; seeking works because the download routes answer Range requests.
 * Without any resolution yet it plays the original, which a browser may not be able to decode.
 */
export function VideoPlayer({ item }: { item: MediaItem }) {
  const { t } = useTranslation('gallery');
  const selectId = useId();
  const resolutions = videoResolutions(item);
  const [chosen, setChosen] = useState<string | null>(null);
  const [unplayable, setUnplayable] = useState<string | null>(null);
  const choice = chosen === 'original' || resolutions.some((r) => r.name === chosen) ? chosen! : (resolutions[0]?.name ?? 'original');
  const url = choice === 'original' ? item.original_url : (resolutions.find((r) => r.name === choice)?.url ?? item.original_url);
  const key = `${item.id}:${choice}`;
  const src = useStableUrl(key, url);
  const poster = useStableUrl(`${item.id}:poster`, item.poster_url);

  return (
    <div className="space-y-3">
      <video
        key={key}
        src={src ?? undefined}
        poster={poster ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={item.title}
        onError={() => setUnplayable(key)}
        className="max-h-[65vh] w-full rounded bg-black"
      />
      {unplayable === key ? <Notice tone="info">{t('viewer.videoNotReady')}</Notice> : null}
      <div className="flex items-center gap-2">
        <Label htmlFor={selectId} className="mb-0">
          {t('viewer.quality')}
        </Label>
        <Select id={selectId} value={choice} onChange={(e) => setChosen(e.target.value)} className="w-auto">
          {resolutions.map((r) => (
            <option key={r.name} value={r.name}>
              {r.name}
            </option>
          ))}
          <option value="original">{t('viewer.original')}</option>
        </Select>
      </div>
    </div>
  );
}
