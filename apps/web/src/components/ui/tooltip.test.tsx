import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from './tooltip.tsx';

afterEach(() => vi.useRealTimers());

function renderButton(onClick = vi.fn()) {
  render(
    <>
      <button type="button">Before</button>
      <Tooltip label="Delete Maryam Ahmadi">
        <button type="button" aria-label="Delete Maryam Ahmadi" onClick={onClick}>
          x
        </button>
      </Tooltip>
    </>,
  );
  return { onClick, button: screen.getByRole('button', { name: 'Delete Maryam Ahmadi' }) };
}

describe('Tooltip', () => {
  it('shows its text to a keyboard user on focus, and Escape hides it', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.tab();
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Delete Maryam Ahmadi');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on a long press by touch without pressing the button, and a tap still presses it', () => {
    vi.useFakeTimers();
    const { onClick, button } = renderButton();

    // A tap: down and up at once, then the click. No tip, the button works.
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    fireEvent.pointerUp(button, { pointerType: 'touch' });
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(600));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('tooltip')).toBeNull();

    // A long press: the tip shows, and the click that ends the press does nothing.
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('tooltip').textContent).toBe('Delete Maryam Ahmadi');
    fireEvent.pointerUp(button, { pointerType: 'touch' });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    // It goes away by itself.
    act(() => vi.advanceTimersByTime(1600));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('renders the control alone when turned off', () => {
    render(
      <Tooltip label="Main" enabled={false}>
        <button type="button">Main</button>
      </Tooltip>,
    );
    expect(screen.getByRole('button', { name: 'Main' }).getAttribute('data-state')).toBeNull();
  });
});
