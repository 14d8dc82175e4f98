import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders, stubServer } from '../test/render.tsx';
import { SummaryCard } from './summary-card.tsx';

afterEach(() => vi.unstubAllGlobals());

type Figures = { years: string[]; points: number[] };
const settled = (data?: Figures) => ({ isPending: false, isError: false, error: null, data });

function renderCard(props: Omit<Parameters<typeof SummaryCard<Figures>>[0], 'figures'>) {
  stubServer(null);
  renderWithProviders(
    <MemoryRouter>
      <SummaryCard<Figures>
        {...props}
        figures={(data) => ({
          above: <p>Above the chart</p>,
          trend: { points: data.points.map((rate, i) => ({ label: String(i), rate })), series: [{ key: 'rate', label: 'Rate' }] },
          head: <th>Year</th>,
          rows: data.years.map((year) => (
            <tr key={year}>
              <td>{year}</td>
            </tr>
          )),
        })}
      />
    </MemoryRouter>,
  );
}

describe('SummaryCard', () => {
  it("titles the card with the feature's words and links to its list filtered to the child", () => {
    renderCard({ feature: 'results', orphanId: 7, query: settled({ years: ['2024', '2025'], points: [80] }), isEmpty: false });
    const card = screen.getByRole('region', { name: 'Academic Results' });
    expect(card).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All results' }).getAttribute('href')).toBe('/dashboard/results?orphan_id=7');
    expect(screen.getByText('Above the chart')).toBeTruthy();
    // The table is named by the feature's words; one point draws no chart.
    expect(screen.getByRole('region', { name: 'Averages by term (% of total marks)' }).textContent).toBe('Year20242025');
    expect(screen.queryByText('Average % of total marks by term')).toBeNull();
  });

  it('draws the trend, captioned in the feature\'s words, from two points on', () => {
    renderCard({ feature: 'attendance', orphanId: 3, query: settled({ years: ['2025'], points: [90, 95] }), isEmpty: false });
    expect(screen.getByText('Attendance rate by month').closest('figure')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Attendance by month' })).toBeTruthy();
  });

  it("says the feature's empty text instead of the figures", () => {
    renderCard({ feature: 'attendance', orphanId: 3, query: settled({ years: [], points: [] }), isEmpty: true });
    expect(screen.getByRole('link', { name: 'All attendance' }).getAttribute('href')).toBe('/dashboard/attendance?orphan_id=3');
    expect(screen.getByText('No attendance recorded yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Attendance by month' })).toBeNull();
  });

  it("says the feature's error with the server's message", () => {
    renderCard({ feature: 'attendance', orphanId: 3, query: { isPending: false, isError: true, error: new Error('Server down'), data: undefined }, isEmpty: true });
    expect(screen.getByText('Error loading attendance: Server down')).toBeTruthy();
  });
});
