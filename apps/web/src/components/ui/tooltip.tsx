import { useCallback, useEffect, useRef, useState, type PointerEvent, type ReactElement, type ReactNode, type SyntheticEvent } from 'react';
import { Direction, Tooltip as RadixTooltip } from 'radix-ui';
import { LONG_PRESS_MS, TOUCH_VISIBLE_MS } from './tooltip-timing.ts';

/** Where the tip sits; `start` and `end` follow the reading direction. */
export type TooltipSide = 'top' | 'bottom' | 'start' | 'end';

/** A selector test that counts as a match where the engine does not know the selector. */
function matches(el: Element, selector: string): boolean {
  try {
    return el.matches(selector);
  } catch {
    return true;
  }
}

interface TooltipProps {
  /** What the tip says: usually the control's own accessible name. */
  label: ReactNode;
  /** One focusable element (a button or link) that takes a ref. */
  children: ReactElement;
  side?: TooltipSide;
  /** Off: the child renders alone (a rail item that shows its text when the sidebar is open). */
  enabled?: boolean;
  /**
   * Shown as it mounts, as after a long press (for the touch time): a public page's header loads
   * its tooltips on first use (islands/lazy-tooltip.tsx), and the press that loaded it asked.
   */
  shownByLongPress?: boolean;
}

/**
 * The name of an icon-only control, shown on hover, on keyboard focus (Radix Tooltip), and on a
 * long press for touch users (Radix leaves touch out: a tap is a click). A long press shows the
 * tip for a moment and does not also activate the control, and it keeps the phone's own
 * long-press menu from covering the tip. Each tip has its own provider, so a screen needs no
 * wrapper to use one.
 */
export function Tooltip({ label, children, side = 'top', enabled = true, shownByLongPress = false }: TooltipProps) {
  const dir = Direction.useDirection();
  const [open, setOpen] = useState(shownByLongPress);
  const pressTimer = useRef<number | undefined>(undefined);
  const hideTimer = useRef<number | undefined>(undefined);
  const shownByPress = useRef(shownByLongPress);
  const touching = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);

  // Focus opens the tip only when it came from the keyboard (:focus-visible): a dialog that moves
  // focus to its close button after a click should not greet the user with a tip that the first
  // Escape would then have to close.
  const onOpenChange = useCallback((next: boolean) => {
    const el = trigger.current;
    if (next && el && el === document.activeElement && !matches(el, ':focus-visible') && !matches(el, ':hover') && !shownByPress.current) return;
    setOpen(next);
  }, []);

  useEffect(() => {
    if (shownByLongPress) hideTimer.current = window.setTimeout(() => setOpen(false), TOUCH_VISIBLE_MS);
  }, [shownByLongPress]);

  useEffect(
    () => () => {
      window.clearTimeout(pressTimer.current);
      window.clearTimeout(hideTimer.current);
    },
    [],
  );

  if (!enabled) return children;

  const physicalSide = side === 'start' ? (dir === 'rtl' ? 'right' : 'left') : side === 'end' ? (dir === 'rtl' ? 'left' : 'right') : side;

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    touching.current = true;
    shownByPress.current = false;
    window.clearTimeout(pressTimer.current);
    pressTimer.current = window.setTimeout(() => {
      shownByPress.current = true;
      setOpen(true);
      window.clearTimeout(hideTimer.current);
      hideTimer.current = window.setTimeout(() => setOpen(false), TOUCH_VISIBLE_MS);
    }, LONG_PRESS_MS);
  };
  const cancelPress = () => {
    touching.current = false;
    window.clearTimeout(pressTimer.current);
  };
  // A press long enough to show the tip was a question, not a command.
  const swallowAfterPress = (event: SyntheticEvent) => {
    if (!shownByPress.current) return;
    event.preventDefault();
    event.stopPropagation();
    shownByPress.current = false;
  };

  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root open={open} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger
          ref={trigger}
          asChild
          onPointerDown={onPointerDown}
          onPointerUp={cancelPress}
          onPointerCancel={cancelPress}
          onPointerLeave={cancelPress}
          onClickCapture={swallowAfterPress}
          onContextMenu={(event) => {
            if (touching.current) event.preventDefault();
          }}
        >
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={physicalSide}
            sideOffset={6}
            collisionPadding={8}
            className="z-[60] max-w-xs rounded-md bg-gray-900 px-2 py-1 text-xs font-medium text-white shadow-md dark:bg-gray-100 dark:text-gray-900"
          >
            {label}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
