import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders, stubServer } from '../test/render.tsx';
import { SummaryCard, SummaryTable } from './summary-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const settled = { isPending: false, isError: false, error: null };

function renderCard(props: Omit<Parameters<typeof SummaryCard>[0], 'children'>) {
  stubServer(null);
  renderWithProviders(
    <MemoryRouter>
      <SummaryCard {...props}>
        <SummaryTable label="Figures" head={<th>Term</th>}>
          <tr>
            <td>2025</td>
          </tr>
        </SummaryTable>
      </SummaryCard>
    </MemoryRouter>,
  );
}

describe('SummaryCard', () => {
  it("titles the card with the feature's words and links to its list filtered to the child", () => {
    renderCard({ feature: 'results', orphanId: 7, query: settled, isEmpty: false });
    const card = screen.getByRole('region', { name: 'Academic Results' });
    expect(card).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All results' }).getAttribute('href')).toBe('/dashboard/results?orphan_id=7');
    expect(screen.getByRole('region', { name: 'Figures' }).textContent).toBe('Term2025');
  });

  it("says the feature's empty text instead of the figures", () => {
    renderCard({ feature: 'attendance', orphanId: 3, query: settled, isEmpty: true });
    expect(screen.getByRole('link', { name: 'All attendance' }).getAttribute('href')).toBe('/dashboard/attendance?orphan_id=3');
    expect(screen.getByText('No attendance recorded yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Figures' })).toBeNull();
  });

  it("says the feature's error with the server's message", () => {
    renderCard({ feature: 'attendance', orphanId: 3, query: { isPending: false, isError: true, error: new Error('Server down') }, isEmpty: true });
    expect(screen.getByText('Error loading attendance: Server down')).toBeTruthy();
  });
});
