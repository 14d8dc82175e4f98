import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@app/shared/permissions';
import type { PageItem } from '@app/shared/schemas/page.schema';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { PageFormModal } from './page-form-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const existing: PageItem = {
  id: 7,
  title: 'Privacy Policy',
  slug: 'privacy-policy',
  content: '<p>We keep your data safe.</p>',
  metaTitle: null,
  metaDescription: null,
  isPublished: false,
  is_published: false,
  created_at: '2025-01-01 00:00:00',
  updated_at: '2025-01-01 00:00:00',
};

function setup() {
  const user = makeUser({ roleNames: [ROLE.superAdmin] });
  storeSession(user);
  return stubServer(user, (url, init) => {
    if (url === '/api/pages' && init?.method === 'POST') return jsonResponse({ message: 'Page created successfully' }, 201);
    if (url.startsWith('/api/pages/') && init?.method === 'PUT') return jsonResponse({ message: 'Page updated successfully' });
    return undefined;
  });
}

// TipTap plus typing is slow in jsdom on a busy machine.
describe('PageFormModal slug', { timeout: 20_000 }, () => {
  it('generates the slug from the title while creating', async () => {
    const fetchMock = setup();
    const onClose = vi.fn();
    renderWithProviders(<PageFormModal page={null} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Title'), 'Terms of Service!');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('terms-of-service');

    await userEvent.click(screen.getByRole('switch', { name: 'Published' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Page' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/pages' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ title: 'Terms of Service!', slug: 'terms-of-service', isPublished: true });
  });

  it('stops following the title once the slug is typed by hand', async () => {
    setup();
    renderWithProviders(<PageFormModal page={null} onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Slug'), 'my-slug');
    await userEvent.type(screen.getByLabelText('Title'), 'Another title');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('my-slug');
  });

  it('never rewrites the slug of an existing page', async () => {
    setup();
    renderWithProviders(<PageFormModal page={existing} onClose={() => {}} />);
    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Our Privacy Promise');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('privacy-policy');
  });

  it('requires title and slug', async () => {
    setup();
    renderWithProviders(<PageFormModal page={null} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Page' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Slug is required')).toBeTruthy();
  });
});
