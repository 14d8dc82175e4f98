import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { Archive } from 'lucide-react';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../test/render.tsx';
import { Options } from '../ui/options.tsx';
import type { ListSpec } from './list-params.ts';
import { DateRangeFilter, FilterPanel, FilterSelect, bindFilters } from './filter-panel.tsx';
import { ListScreen } from './list-screen.tsx';
import { useListState } from './use-list-state.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Filter = 'colour' | 'shade' | 'from' | 'to';
const COLOURS = ['red', 'blue'] as const;
const SPEC: ListSpec<Filter> = {
  filters: { colour: (v) => (COLOURS as readonly string[]).includes(v), shade: (v) => /^\d$/.test(v), from: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v), to: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) },
  check: ({ from, to }) => (from && to && from > to ? { to: 'To must not be before from.' } : {}),
};

function Things({ open = false }: { open?: boolean }) {
  const list = useListState(SPEC);
  const filter = bindFilters(list);
  const location = useLocation();
  return (
    <ListScreen
      id="things"
      title="Things"
      links={[{ label: 'Trash', to: '/things/trash', icon: Archive, check: { permission: 'delete-things' } }]}
      filters={{
        show: 'Show Filters',
        hide: 'Hide Filters',
        open,
        panel: (id) => (
          <FilterPanel id={id} label="Filters" columns={5} list={list} resetLabel="Reset">
            {/* A shade belongs to its colour: another colour drops it. */}
            <FilterSelect label="Colour" all="All colours" {...filter('colour', ['shade'])}>
              <Options values={COLOURS} label={(c) => c.toUpperCase()} />
            </FilterSelect>
            <FilterSelect label="Shade" all="Any" {...filter('shade')}>
              <Options values={['1', '2']} label={(s) => `Shade ${s}`} />
            </FilterSelect>
            <DateRangeFilter list={list} from="from" to="to" fromLabel="From" toLabel="To" />
          </FilterPanel>
        ),
      }}
      list={list}
      query={{ isPending: false, isError: false, error: null, isFetching: false }}
      rows={[{ id: 1 }]}
      empty="Nothing"
      error={(message) => `Failed: ${message}`}
    >
      <output data-testid="url">{location.search}</output>
    </ListScreen>
  );
}

function renderAt(url: string, permissions: string[] = [], open = false) {
  const user = makeUser({ permissionNames: permissions });
  storeSession(user);
  stubServer(user, (path) => (path.startsWith('/api/settings/public') ? jsonResponse({}) : undefined));
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Things open={open} />
    </MemoryRouter>,
  );
}

const url = () => screen.getByTestId('url').textContent;

describe('the list kit: filters', { timeout: 15_000 }, () => {
  it('shows and hides the panel it controls', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/things');
    const toggle = screen.getByRole('button', { name: 'Show Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull();
    await user.click(toggle);
    const panel = screen.getByRole('region', { name: 'Filters' });
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide Filters');
    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull();
  });

  it('puts a chosen value in the URL from page 1, drops the filters it clears, and Reset drops them all', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/things?page=3&shade=2&search=x', [], true);
    const panel = screen.getByRole('region', { name: 'Filters' });
    const colour = within(panel).getByLabelText('Colour');
    expect(within(colour).getAllByRole('option').map((o) => o.textContent)).toEqual(['All colours', 'RED', 'BLUE']);
    expect((within(panel).getByLabelText('Shade') as HTMLSelectElement).value).toBe('2');

    await user.selectOptions(colour, 'blue');
    expect(url()).toBe('?search=x&colour=blue');
    await user.selectOptions(within(panel).getByLabelText('Shade'), '1');
    expect(url()).toBe('?search=x&colour=blue&shade=1');

    await user.click(within(panel).getByRole('button', { name: 'Reset' }));
    expect(url()).toBe('?search=x');
    expect((within(panel).getByRole('button', { name: 'Reset' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a backwards range of days beside its end', async () => {
    renderAt('/things?from=2025-05-01&to=2025-04-01', [], true);
    expect(await screen.findByText('To must not be before from.')).toBeTruthy();
  });

  it('shows a link beside the title only to those it is for', async () => {
    renderAt('/things', ['delete-things']);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Trash' }).getAttribute('href')).toBe('/things/trash'));
  });

  it('hides a link from those it is not for', async () => {
    renderAt('/things');
    await screen.findByRole('button', { name: 'Show Filters' });
    expect(screen.queryByRole('link', { name: 'Trash' })).toBeNull();
  });
});
