import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { ApiError } from '../lib/api-client.ts';
import { renderWithProviders, stubServer } from '../test/render.tsx';
import { RecordFormPage, RecordPage, RecordStates, useSaveAndReturn } from './record-page.tsx';

afterEach(() => vi.unstubAllGlobals());

interface Thing {
  id: number;
  name: string;
}
type Query = { isPending: boolean; isError: boolean; error: Error | null; data: Thing | undefined };
const loading: Query = { isPending: true, isError: false, error: null, data: undefined };
const loaded: Query = { isPending: false, isError: false, error: null, data: { id: 4, name: 'Kite' } };
const failed = (status: number, message: string): Query => ({ isPending: false, isError: true, error: new ApiError({ status, message }), data: undefined });

function ThingForm({ thing, save }: { thing?: Thing; save: (name: string) => Promise<{ message?: string }> }) {
  const { submit, cancel } = useSaveAndReturn((name: string) => save(name), '/things', thing ? 'Thing updated' : 'Thing created');
  return (
    <form aria-label={thing ? `Edit ${thing.name}` : 'New thing'}>
      <button type="button" onClick={() => void submit('Kite').catch(() => undefined)}>
        Save
      </button>
      <button type="button" onClick={cancel}>
        Cancel
      </button>
    </form>
  );
}

function renderForm(record: Query | null, save: (name: string) => Promise<{ message?: string }> = async () => ({})) {
  stubServer(null);
  renderWithProviders(
    <MemoryRouter initialEntries={['/things/form']}>
      <Toaster />
      <Routes>
        <Route path="/things" element={<p>The list</p>} />
        <Route
          path="/things/form"
          element={
            <RecordFormPage
              id="thing-form"
              title={record ? 'Edit Thing' : 'Add Thing'}
              back={{ to: '/things', label: 'Back to Things' }}
              editing={record !== null}
              record={record ?? loading}
              notFound={{ text: 'Thing not found' }}
              error={(message) => `Could not load the thing: ${message}`}
            >
              {(thing) => <ThingForm thing={thing} save={save} />}
            </RecordFormPage>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('<RecordFormPage>', { timeout: 15_000 }, () => {
  it('adds with the empty form at once, under its title and the way back', () => {
    renderForm(null);
    expect(screen.getByRole('region', { name: 'Add Thing' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'New thing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Things' }).getAttribute('href')).toBe('/things');
  });

  it('edits once the record has loaded, with the loading state before', () => {
    renderForm(loading);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('fills the form from the record', () => {
    renderForm(loaded);
    expect(screen.getByRole('form', { name: 'Edit Kite' })).toBeTruthy();
  });

  it('says a missing record as not found', () => {
    renderForm(failed(404, 'No query results.'));
    expect(screen.getByText('Thing not found')).toBeTruthy();
  });

  it('says another failure around the server message', () => {
    renderForm(failed(500, 'Server Error'));
    expect(screen.getByText('Could not load the thing: Server Error')).toBeTruthy();
  });

  it("saves, says the server's message (else its own) and goes back to the list; a refused save stays", async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn().mockRejectedValueOnce(new ApiError({ status: 422, message: 'The name is taken.' })).mockResolvedValueOnce({ message: 'Kite saved.' });
    renderForm(loaded, save);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('form', { name: 'Edit Kite' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The list')).toBeTruthy();
    expect(await screen.findByText('Kite saved.')).toBeTruthy();
  });

  it('says its own text when the answer has no message, and goes back to the list', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn(async () => ({}));
    renderForm(null, save);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Thing created')).toBeTruthy();
    // The save itself goes back: the form page (and its Back link) may already be gone here.
    expect(await screen.findByText('The list')).toBeTruthy();
  });

  it('goes back to the list on Cancel without saving', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.fn(async () => ({}));
    renderForm(null, save);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The list')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });
});

describe('<RecordPage> and <RecordStates>', () => {
  it("puts Back among the record's own buttons, and says an id that cannot be one as not found in an empty card", () => {
    stubServer(null);
    renderWithProviders(
      <MemoryRouter>
        <RecordPage id="thing" title="Thing" back={{ to: '/things', label: 'Back' }} actions={{ buttons: <button type="button">Edit</button> }}>
          <RecordStates query={failed(422, 'The id must be a number.')} notFound={{ text: 'Thing not found', statuses: [404, 422], card: true }} error={(m) => m}>
            {(thing) => <p>{thing.name}</p>}
          </RecordStates>
        </RecordPage>
      </MemoryRouter>,
    );
    const back = screen.getByRole('link', { name: 'Back' });
    expect(back.parentElement).toBe(screen.getByRole('button', { name: 'Edit' }).parentElement);
    expect(screen.getByText('Thing not found')).toBeTruthy();
    expect(screen.queryByText('The id must be a number.')).toBeNull();
  });
});
