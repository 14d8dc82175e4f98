import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubServer } from '../test/render.tsx';
import { EntryForm, EntryGrid } from './entry-grid.tsx';

afterEach(() => vi.unstubAllGlobals());

interface Child {
  id: number;
  name: string;
}
const CHILDREN: Child[] = [
  { id: 1, name: 'Amina' },
  { id: 2, name: 'Bilal' },
  { id: 3, name: 'Hamid' },
];

function Grid({ errors = {}, onSave = async () => undefined, busy = false }: { errors?: Record<number, Record<string, string>>; onSave?: () => Promise<void>; busy?: boolean }) {
  return (
    <form onSubmit={(e) => (e.preventDefault(), void onSave())}>
      <EntryForm hint="Enter moves down." banner={Object.keys(errors).length ? { tone: 'error', text: 'Nothing was saved.' } : null} save={{ label: busy ? 'Saving...' : 'Save', busy, onSave }}>
        <EntryGrid
          caption="Marks"
          rows={CHILDREN}
          rowKey={(c) => c.id}
          rowName={(c) => c.name}
          rowHeaderLabel="Student"
          columns={['score', 'comment'].map((id) => ({ id, header: id, cell: (c: Child) => <input aria-label={`${id} of ${c.name}`} /> }))}
          rowInvalid={(c) => !!errors[c.id]}
          rowErrors={(c) => errors[c.id]}
          fieldLabel={(field) => (field === 'score' ? 'Score' : undefined)}
          rowErrorsLabel={(c) => `Problems with ${c.name}`}
        />
      </EntryForm>
    </form>
  );
}

describe('<EntryGrid> and <EntryForm>', () => {
  it('moves down a column with Enter and up with Shift+Enter, along a row with Tab, and never submits on Enter', async () => {
    const user = userEvent.setup({ delay: null });
    stubServer(null);
    const onSave = vi.fn(async () => undefined);
    renderWithProviders(<Grid onSave={onSave} />);
    await user.click(screen.getByLabelText('score of Amina'));
    await user.keyboard('9{Enter}');
    expect(document.activeElement).toBe(screen.getByLabelText('score of Bilal'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByLabelText('score of Hamid'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByLabelText('score of Hamid'));
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(document.activeElement).toBe(screen.getByLabelText('score of Bilal'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('comment of Bilal'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it("lists a row's messages under it, each after its column's name, and says the outcome above Save", async () => {
    const user = userEvent.setup({ delay: null });
    stubServer(null);
    const onSave = vi.fn(async () => undefined);
    renderWithProviders(<Grid errors={{ 2: { score: 'Must be 100 or less.', row: 'Already recorded.' } }} onSave={onSave} />);
    const list = screen.getByRole('list', { name: 'Problems with Bilal' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Score: Must be 100 or less.', 'Already recorded.']);
    expect(screen.getAllByRole('list')).toHaveLength(1);
    expect(screen.getByText('Nothing was saved.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('waits while saving', () => {
    stubServer(null);
    renderWithProviders(<Grid busy />);
    expect((screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
