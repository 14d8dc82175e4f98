import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MEDIA_MESSAGES, type MediaItem } from '@app/shared/schemas/media.schema';
import { renderWithProviders } from '../../../test/render.tsx';
import { DownloadDialog } from './download-dialog.tsx';

const video: MediaItem = {
  id: 3,
  orphan_id: 1,
  orphan: { id: 1, first_name: 'Zarghona', last_name: 'Sadat' },
  media_type: 'video',
  title: 'Sports day',
  description: null,
  tags: null,
  date: '2025-03-01',
  file_name: 'sports.mp4',
  mime_type: 'video/mp4',
  size_bytes: 3 * 1024 * 1024,
  width: 1280,
  height: 720,
  duration: 12,
  status: 'processing',
  status_reason: null,
  thumbnail_url: null,
  display_url: null,
  poster_url: null,
  resolution_urls: {},
  resolution_sizes: {},
  original_url: '/download/gallery/3/original?expires=1&signature=a',
  download_url: '/download/gallery/3?expires=1&signature=a',
  file_url: '/download/gallery/3/original?expires=1&signature=a',
  created_at: '2025-03-01 10:00:00',
  updated_at: '2025-03-01 10:00:00',
};

const onClose = () => {};

describe('DownloadDialog', () => {
  it('says a video without resolutions is still being processed and offers the original only', () => {
    renderWithProviders(<DownloadDialog item={video} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Download Sports day' })).toBeTruthy();
    expect(screen.getByText(MEDIA_MESSAGES.stillProcessing)).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Original quality (3 MB)']);
    expect(links[0]!.getAttribute('href')).toBe(video.original_url);
    expect(links[0]!.hasAttribute('download')).toBe(true);
  });

  it('offers each resolution as it is finished, without the processing message', () => {
    renderWithProviders(<DownloadDialog item={{ ...video, status: 'ready', resolution_urls: { '360p': '/d/360', '720p': '/d/720' } }} onClose={onClose} />);
    expect(screen.queryByText(MEDIA_MESSAGES.stillProcessing)).toBeNull();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/d/360', '/d/720', video.original_url]);
    expect(screen.getByRole('link', { name: /360p/ })).toBeTruthy();
  });

  it('shows the size of each resolution the server has measured, beside the original\'s', () => {
    renderWithProviders(
      <DownloadDialog item={{ ...video, status: 'ready', resolution_urls: { '360p': '/d/360', '720p': '/d/720' }, resolution_sizes: { '360p': 512 * 1024, '720p': 2 * 1024 * 1024 } }} onClose={onClose} />,
    );
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual([
      '360p, 512 KB (smaller, for slow connections)',
      '720p, 2 MB (smaller, for slow connections)',
      'Original quality (3 MB)',
    ]);
  });

  it('tells why there will be no resolutions when the server has no ffmpeg', () => {
    renderWithProviders(<DownloadDialog item={{ ...video, status: 'ready', status_reason: MEDIA_MESSAGES.noTranscoder }} onClose={onClose} />);
    expect(screen.getByText(MEDIA_MESSAGES.noTranscoder)).toBeTruthy();
    expect(screen.queryByText(MEDIA_MESSAGES.stillProcessing)).toBeNull();
  });

  it('offers an image as its original, with no message', () => {
    renderWithProviders(<DownloadDialog item={{ ...video, media_type: 'image', status: 'ready', title: 'Portrait' }} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Download Portrait' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
