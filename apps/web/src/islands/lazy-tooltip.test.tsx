import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyTooltip } from './lazy-tooltip.tsx';

function renderButton(onClick = vi.fn()) {
  render(
    <>
      <button type="button">Before</button>
      <LazyTooltip label="Switch to dark mode">
        <button type="button" aria-label="Switch to dark mode" onClick={onClick}>
          x
        </button>
      </LazyTooltip>
    </>,
  );
  const button = () => screen.getByRole('button', { name: 'Switch to dark mode' });
  return { onClick, button };
}

/** Radix's tooltip wraps the control once loaded: its trigger carries data-state. */
const wrapped = (button: HTMLElement) => button.getAttribute('data-state') !== null;

describe('LazyTooltip', () => {
  // That the tip then shows to a keyboard user is Chromium's :focus-visible, checked in the browser
  // (e2e/public-controls-on-first-use.e2e.ts); jsdom does not give a script's focus that state.
  it("is the control alone until used, then inside Radix's tooltip, focus kept on the control", async () => {
    const user = userEvent.setup();
    const { button, onClick } = renderButton();
    expect(wrapped(button())).toBe(false);
    await user.tab();
    await user.tab();
    await waitFor(() => expect(wrapped(button())).toBe(true));
    expect(document.activeElement).toBe(button());
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('lets a tap that loads it press the control, and shows nothing', async () => {
    const { button, onClick } = renderButton();
    fireEvent.pointerDown(button(), { pointerType: 'touch' });
    fireEvent.pointerUp(button(), { pointerType: 'touch' });
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(wrapped(button())).toBe(true));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('answers the first long press with the tip, and the press does not act', async () => {
    const { button, onClick } = renderButton();
    fireEvent.pointerDown(button(), { pointerType: 'touch' });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Switch to dark mode');
    fireEvent.pointerUp(button(), { pointerType: 'touch' });
    fireEvent.click(button());
    expect(onClick).not.toHaveBeenCalled();
  });
});
