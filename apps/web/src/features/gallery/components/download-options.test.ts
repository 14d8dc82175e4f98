import { describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@app/shared/schemas/media.schema';
import { downloadChoices, downloadNotice, type DownloadItem } from './download-options.ts';

const video = (over: Partial<DownloadItem> = {}): DownloadItem => ({
  media_type: 'video',
  status: 'processing',
  status_reason: null,
  resolution_urls: {},
  resolution_sizes: {},
  original_url: '/download/gallery/1/original?sig',
  size_bytes: 4096,
  ...over,
});

describe('download dialog choices and messages (spec section 2)', () => {
  it('says a video without resolutions is still being processed, with only the original offered', () => {
    expect(downloadNotice(video())).toBe(MEDIA_MESSAGES.stillProcessing);
    expect(downloadChoices(video()).map((c) => c.name)).toEqual(['original']);
  });

  it('offers each finished resolution, lowest first, then the original, and says nothing more', () => {
    const item = video({ status: 'ready', resolution_urls: { '720p': '/d/720', '360p': '/d/360' }, resolution_sizes: { '360p': 1000 } });
    expect(downloadNotice(item)).toBeNull();
    expect(downloadChoices(item)).toEqual([
      { name: '360p', url: '/d/360', size: 1000 },
      { name: '720p', url: '/d/720', size: null },
      { name: 'original', url: '/download/gallery/1/original?sig', size: 4096 },
    ]);
  });

  it('says why no resolution is coming when the server gave a reason', () => {
    expect(downloadNotice(video({ status: 'ready', status_reason: MEDIA_MESSAGES.noTranscoder }))).toBe(MEDIA_MESSAGES.noTranscoder);
    expect(downloadNotice(video({ status: 'failed', status_reason: 'ffmpeg could not read the file' }))).toBe('ffmpeg could not read the file');
    expect(downloadNotice(video({ status: 'failed' }))).toBe(MEDIA_MESSAGES.stillProcessing);
  });

  it('offers images and documents as their original, without a notice', () => {
    const image = { ...video(), media_type: 'image' as const, status: 'ready' as const };
    expect(downloadNotice(image)).toBeNull();
    expect(downloadChoices(image).map((c) => c.name)).toEqual(['original']);
    expect(downloadNotice({ ...image, media_type: 'document' })).toBeNull();
  });
});
