import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { PERMISSION } from '@app/shared/permissions';
import type { MediaItem } from '@app/shared/schemas/media.schema';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { GalleryPage } from './gallery-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const base: MediaItem = {
  id: 1,
  orphan_id: 7,
  orphan: { id: 7, first_name: 'Zarghona', last_name: 'Sadat' },
  media_type: 'image',
  title: 'School visit',
  description: null,
  tags: 'school, visit',
  date: '2025-03-01',
  file_name: 'visit.jpg',
  mime_type: 'image/jpeg',
  size_bytes: 2048,
  width: 800,
  height: 600,
  duration: null,
  status: 'ready',
  status_reason: null,
  thumbnail_url: '/storage/t.webp?expires=1&signature=a',
  display_url: '/storage/d.webp?expires=1&signature=a',
  poster_url: null,
  resolution_urls: {},
  resolution_sizes: {},
  original_url: '/download/gallery/1/original?expires=1&signature=a',
  download_url: '/download/gallery/1?expires=1&signature=a',
  file_url: '/download/gallery/1/original?expires=1&signature=a',
  created_at: '2025-03-01 10:00:00',
  updated_at: '2025-03-01 10:00:00',
};
const clip: MediaItem = { ...base, id: 2, media_type: 'video', title: 'Sports day', status: 'processing', duration: 65, thumbnail_url: null, display_url: null };
const page = (data: MediaItem[]) => ({ data, current_page: 1, last_page: 1, per_page: 10, total: data.length, from: data.length ? 1 : null, to: data.length || null });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderGallery(permissions: string[], media: () => Response, start = '/dashboard/gallery', sites?: { id: number; name: string }[]) {
  const user = makeUser({ permissionNames: permissions, ...(sites ? { sites } : {}) });
  storeSession(user);
  const fetchMock = stubServer(user, (url) => {
    if (url.startsWith('/api/orphans?'))
      return jsonResponse({ data: { data: [{ id: 7, first_name: 'Zarghona', last_name: 'Sadat', father_name: null, site_id: 1, site_name: 'Kabul Home' }, { id: 8, first_name: 'Parwana', last_name: 'Sadat', father_name: null, site_id: 2, site_name: 'Herat Girls Home' }] } });
    if (url.startsWith('/api/galleries')) return media();
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route path="/dashboard/gallery" element={<GalleryPage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
  return fetchMock;
}

const galleryCalls = (fetchMock: ReturnType<typeof stubServer>) => fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.startsWith('/api/galleries'));

describe('<GalleryPage>', { timeout: 15_000 }, () => {
  it('asks for an orphan before asking the server, then keeps the choice in the URL', async () => {
    const fetchMock = renderGallery([PERMISSION.gallery.view], () => jsonResponse(page([base])));
    expect(await screen.findByText('Select an orphan to view their media')).toBeTruthy();
    expect(galleryCalls(fetchMock)).toEqual([]);
    await screen.findByRole('option', { name: 'Zarghona Sadat · ID 7' });
    await userEvent.selectOptions(screen.getByLabelText('Orphan'), '7');
    await screen.findByRole('heading', { name: 'School visit' });
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/gallery?orphan_id=7');
    expect(galleryCalls(fetchMock).at(-1)).toMatch(/orphan_id=7/);
  });

  it('offers a user of several sites a site, which narrows the children offered and is sent with the child; a user of one sees no site filter', async () => {
    const fetchMock = renderGallery([PERMISSION.gallery.view], () => jsonResponse(page([base])), '/dashboard/gallery?orphan_id=7', [
      { id: 1, name: 'Kabul Home' },
      { id: 2, name: 'Herat Girls Home' },
    ]);
    await screen.findByRole('heading', { name: 'School visit' });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByLabelText('Site'), 'Herat Girls Home');
    // The Kabul child is let go of; only the Herat child is offered.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/gallery?site_id=2'));
    const offered = within(screen.getByLabelText('Orphan')).getAllByRole('option').map((o) => o.getAttribute('value'));
    expect(offered).toEqual(['', '8']);
    await user.selectOptions(screen.getByLabelText('Orphan'), '8');
    await waitFor(() => expect(galleryCalls(fetchMock).at(-1)).toMatch(/site_id=2/));
    expect(galleryCalls(fetchMock).at(-1)).toMatch(/orphan_id=8/);
    cleanup();

    renderGallery([PERMISSION.gallery.view], () => jsonResponse(page([base])), '/dashboard/gallery?orphan_id=7');
    await screen.findByRole('heading', { name: 'School visit' });
    expect(screen.queryByLabelText('Site')).toBeNull();
  });

  it('says so when the child has no media', async () => {
    renderGallery([PERMISSION.gallery.view], () => jsonResponse(page([])), '/dashboard/gallery?orphan_id=7');
    expect(await screen.findByText('No media found for selected orphan')).toBeTruthy();
  });

  it('shows the loading error with the server message', async () => {
    renderGallery([PERMISSION.gallery.view], () => jsonResponse({ message: 'Database unavailable' }, 500), '/dashboard/gallery?orphan_id=7');
    // Queries retry once (spec section 8) before the error shows.
    expect(await screen.findByText('Error loading media: Database unavailable', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('shows a video card with its state and length', async () => {
    renderGallery([PERMISSION.gallery.view], () => jsonResponse(page([base, clip])), '/dashboard/gallery?orphan_id=7');
    await screen.findByRole('heading', { name: 'Sports day' });
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByText('Duration 1:05')).toBeTruthy();
  });

  it('gates Upload, Download, Edit and Delete by permission (spec section 6)', async () => {
    renderGallery([PERMISSION.gallery.view], () => jsonResponse(page([base])), '/dashboard/gallery?orphan_id=7');
    await screen.findByRole('heading', { name: 'School visit' });
    expect(screen.getByRole('button', { name: 'Download School visit' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upload New Media' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit School visit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete School visit' })).toBeNull();
  });

  it('offers everything to a user with every gallery permission, Upload starting with the child', async () => {
    const all = [PERMISSION.gallery.view, PERMISSION.gallery.create, PERMISSION.gallery.edit, PERMISSION.gallery.delete];
    renderGallery(all, () => jsonResponse(page([base])), '/dashboard/gallery?orphan_id=7');
    await screen.findByRole('heading', { name: 'School visit' });
    expect(screen.getByRole('link', { name: 'Upload New Media' }).getAttribute('href')).toBe('/dashboard/gallery/upload?orphan_id=7');
    expect(screen.getByRole('button', { name: 'Edit School visit' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete School visit' }));
    await waitFor(() => expect(screen.getByText('Are you sure you want to delete this media item?')).toBeTruthy());
  });
});
