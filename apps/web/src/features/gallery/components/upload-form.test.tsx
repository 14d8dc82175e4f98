import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSION } from '@app/shared/permissions';
import { MEDIA_MESSAGES } from '@app/shared/schemas/media.schema';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { UploadForm } from './upload-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup(initialOrphanId?: string) {
  const user = makeUser({ permissionNames: [PERMISSION.gallery.view, PERMISSION.gallery.create] });
  storeSession(user);
  stubServer(user, (url) =>
    url.startsWith('/api/orphans?')
      ? jsonResponse({ data: { data: [{ id: 7, first_name: 'Zarghona', last_name: 'Sadat', father_name: 'Rahim', class_grade: '3' }] } })
      : undefined,
  );
  const props = { onUploaded: vi.fn(), onSomeStored: vi.fn(), onCancel: vi.fn() };
  renderWithProviders(<UploadForm {...props} initialOrphanId={initialOrphanId} />);
  return props;
}

const fileInput = () => screen.getByLabelText('Files') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /^Upload/ }) as HTMLButtonElement;
const png = (name = 'visit.png', bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png', lastModified: 1 });

describe('UploadForm (spec section 5)', { timeout: 20_000 }, () => {
  it('keeps submit disabled until both an orphan and a file are chosen', async () => {
    setup();
    await screen.findByRole('option', { name: 'Zarghona Sadat (Rahim) · Grade 3 · ID 7' });
    expect(submit().disabled).toBe(true);
    await userEvent.upload(fileInput(), png());
    expect(submit().disabled).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Orphan'), '7');
    expect(submit().disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove visit.png' }));
    expect(submit().disabled).toBe(true);
  });

  it('starts with the child the gallery was showing, once the list of children has arrived', async () => {
    setup('7');
    await screen.findByRole('option', { name: 'Zarghona Sadat (Rahim) · Grade 3 · ID 7' });
    expect((screen.getByLabelText('Orphan') as HTMLSelectElement).value).toBe('7');
  });

  it('filters the file input by media type', async () => {
    setup();
    expect(fileInput().accept).toBe('image/*');
    await userEvent.selectOptions(screen.getByLabelText('Media Type'), 'video');
    expect(fileInput().accept).toBe('video/*');
    await userEvent.selectOptions(screen.getByLabelText('Media Type'), 'document');
    expect(fileInput().accept).toBe('.pdf,.doc,.docx,.txt');
  });

  it('takes several dropped files and refuses those that do not fit the type', async () => {
    setup();
    const zone = screen.getByText('Drag and drop files here, or').parentElement!;
    const html = new File(['<p>'], 'page.html', { type: 'text/html' });
    fireEvent.drop(zone, { dataTransfer: { files: [png('a.png'), png('b.png', 20), html] } });
    const list = await screen.findByRole('list', { name: 'Files' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('a.png'), expect.stringContaining('b.png')]);
    expect(screen.getByText('page.html is not of the chosen media type (Image) and was not added.')).toBeTruthy();
    expect(screen.getByText('Several files become several media items with these details; their titles are numbered.')).toBeTruthy();
  });

  it('drops chosen files that no longer fit when the media type changes', async () => {
    setup();
    await userEvent.upload(fileInput(), png());
    await userEvent.selectOptions(screen.getByLabelText('Media Type'), 'document');
    expect(screen.queryByRole('list', { name: 'Files' })).toBeNull();
    expect(screen.getByText('visit.png is not of the chosen media type (Document) and was not added.')).toBeTruthy();
  });

  it('shows the schema messages on the fields before anything is sent', async () => {
    setup();
    await screen.findByRole('option', { name: 'Zarghona Sadat (Rahim) · Grade 3 · ID 7' });
    await userEvent.selectOptions(screen.getByLabelText('Orphan'), '7');
    await userEvent.upload(fileInput(), png());
    // Empty the date field, segment by segment, as a keyboard user would.
    for (const segment of within(screen.getByRole('group', { name: 'Date' })).getAllByRole('spinbutton')) {
      await userEvent.click(segment);
      await userEvent.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}');
    }
    await userEvent.click(submit());
    expect(await screen.findByText(MEDIA_MESSAGES.titleRequired)).toBeTruthy();
    expect(screen.getByText(MEDIA_MESSAGES.dateRequired)).toBeTruthy();
  });

  it('Cancel leaves the page', async () => {
    const props = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalled();
  });
});
