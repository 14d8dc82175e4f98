import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { jsonResponse, renderWithProviders, stubServer } from '../../test/render.tsx';
import type { ListSpec } from './list-params.ts';
import { useConfirmDelete } from './confirm-delete.tsx';
import { DataTable } from './data-table.tsx';
import { useListState, type ListState } from './use-list-state.ts';

afterEach(() => vi.unstubAllGlobals());

const SPEC: ListSpec<'from' | 'to'> = {
  filters: { from: (v) => /^\d{4}$/.test(v), to: (v) => /^\d{4}$/.test(v) },
  check: ({ from, to }) => (from && to && from > to ? { to: 'To must not be before from.' } : {}),
};

let state: ListState<'from' | 'to'>;
let navigate: ReturnType<typeof useNavigate>;

function Probe() {
  state = useListState(SPEC);
  navigate = useNavigate();
  const location = useLocation();
  return <output data-testid="url">{location.search}</output>;
}

function renderAt(url: string, settings: Record<string, string> = {}) {
  stubServer(null, (path) => (path.startsWith('/api/settings/public') ? jsonResponse(settings) : undefined));
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Probe />
    </MemoryRouter>,
  );
}

const url = () => screen.getByTestId('url').textContent;

describe('useListState', () => {
  it('keeps page and filters in the URL, and Back and Forward walk through them', async () => {
    renderAt('/things');
    await waitFor(() => expect(state.ready).toBe(true));
    act(() => state.setPage(2));
    act(() => state.setFilters({ from: '2020' }));
    expect(url()).toBe('?from=2020');
    expect(state.params).toMatchObject({ page: 1, from: '2020' });

    act(() => navigate(-1));
    expect(url()).toBe('?page=2');
    expect(state.params.page).toBe(2);
    act(() => navigate(1));
    expect(state.params).toMatchObject({ page: 1, from: '2020' });
  });

  it('replaces the entry when searching, so Back leaves the search instead of replaying it', async () => {
    renderAt('/things?page=4');
    await waitFor(() => expect(state.ready).toBe(true));
    act(() => state.setPage(5));
    act(() => state.setSearch('mar'));
    act(() => state.setSearch('maryam'));
    expect(url()).toBe('?search=maryam');
    act(() => navigate(-1));
    expect(url()).toBe('?page=4');
  });

  it('opens at the Settings page size; a size in the URL wins', async () => {
    renderAt('/things', { items_per_page: '25' });
    await waitFor(() => expect(state.ready).toBe(true));
    expect(state.query.per_page).toBe(25);
    act(() => state.setPageSize(50));
    expect(url()).toBe('?per_page=50');
    expect(state.query.per_page).toBe(50);
    act(() => state.setPageSize(25));
    expect(url()).toBe('');
  });

  it('keeps asking with the last valid filters while a rule between them is broken', async () => {
    renderAt('/things?from=2020');
    await waitFor(() => expect(state.ready).toBe(true));
    act(() => state.setFilters({ to: '2010' }));
    expect(state.invalid).toEqual({ to: 'To must not be before from.' });
    expect(state.params).toMatchObject({ from: '2020', to: '2010' });
    expect(state.query).toEqual({ page: 1, per_page: 10, from: '2020' });
    act(() => state.setPage(2));
    expect(state.query).toEqual({ page: 2, per_page: 10, from: '2020' });
    act(() => state.setFilters({ to: '2030' }));
    expect(state.invalid).toEqual({});
    expect(state.query).toEqual({ page: 1, per_page: 10, from: '2020', to: '2030' });
  });

  it('steps back a page when the last row of a page goes, and not otherwise', async () => {
    renderAt('/things?page=3');
    await waitFor(() => expect(state.ready).toBe(true));
    act(() => state.afterRemoval(2));
    expect(state.params.page).toBe(3);
    act(() => state.afterRemoval(1));
    expect(state.params.page).toBe(2);
    act(() => state.afterRemoval(1));
    expect(url()).toBe('');
  });
});

interface Row {
  id: number;
  name: string;
}

function DeletableList({ rows, remove }: { rows: Row[]; remove: (id: number) => Promise<{ message?: string }> }) {
  const list = useListState(SPEC);
  const deletion = useConfirmDelete<Row>({ remove, message: (row) => `Delete ${row.name}?`, done: 'Deleted', failed: 'Could not delete', from: { list, rows } });
  return (
    <>
      <DataTable
        rows={rows}
        columns={[
          { id: 'name', header: 'Name', cell: (row) => row.name, key: true },
          { id: 'id', header: 'ID', cell: (row) => row.id },
        ]}
        actions={[
          { kind: 'delete', label: (row) => `Delete ${row.name}`, allowed: true, onSelect: deletion.ask },
          { kind: 'edit', label: (row) => `Edit ${row.name}`, allowed: false },
        ]}
      />
      {deletion.dialog}
      <output data-testid="page">{list.params.page}</output>
    </>
  );
}

describe('DataTable and useConfirmDelete', () => {
  it('shows only permitted actions, keeps key columns on phones, and steps back after deleting the last row of a page', async () => {
    const user = userEvent.setup({ delay: null });
    stubServer(null);
    const remove = vi.fn(async () => ({ message: 'Thing deleted' }));
    renderWithProviders(
      <MemoryRouter initialEntries={['/things?page=2']}>
        <DeletableList rows={[{ id: 7, name: 'Last' }]} remove={remove} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Edit Last' })).toBeNull();
    const [name, id] = within(screen.getByRole('row', { name: /Last/ })).getAllByRole('cell');
    expect(name!.className).not.toContain('hidden');
    expect(id!.className).toContain('hidden md:table-cell');

    await user.click(screen.getByRole('button', { name: 'Delete Last' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete Last?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('1'));
    expect(remove).toHaveBeenCalledWith(7);
  });
});
