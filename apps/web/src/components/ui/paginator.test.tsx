import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatorPages } from './paginator-pages.ts';
import { Paginator } from './paginator.tsx';

describe('paginatorPages', () => {
  it('lists every page when there are five or fewer', () => {
    expect(paginatorPages(1, 1)).toEqual([1]);
    expect(paginatorPages(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('never shows more than five numbered pages, with ellipses where pages are skipped', () => {
    expect(paginatorPages(1, 20)).toEqual([1, 2, 3, 4, 'ellipsis-end', 20]);
    expect(paginatorPages(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(paginatorPages(20, 20)).toEqual([1, 'ellipsis-start', 17, 18, 19, 20]);
    for (let page = 1; page <= 30; page++) {
      const numbers = paginatorPages(page, 30).filter((item) => typeof item === 'number');
      expect(numbers.length).toBeLessThanOrEqual(5);
      expect(numbers).toContain(page);
    }
  });

  it('clamps pages outside the range', () => {
    expect(paginatorPages(0, 3)).toEqual([1, 2, 3]);
    expect(paginatorPages(9, 0)).toEqual([1]);
  });
});

describe('<Paginator>', () => {
  it('renders the page buttons, marks the current one and reports clicks', async () => {
    const onPageChange = vi.fn();
    render(<Paginator currentPage={5} lastPage={12} onPageChange={onPageChange} total={120} from={41} to={50} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const numbered = [...nav.querySelectorAll('button')].map((b) => b.textContent).filter((text) => /^\d+$/.test(text ?? ''));
    expect(numbered).toEqual(['1', '4', '5', '6', '12']);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Showing 41 to 50 of 120 entries')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange.mock.calls).toEqual([[6], [6]]);
  });

  it('disables previous on the first page and next on the last', () => {
    render(<Paginator currentPage={1} lastPage={1} onPageChange={() => {}} />);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
