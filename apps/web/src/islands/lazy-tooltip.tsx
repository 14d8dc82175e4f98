import { cloneElement, useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactElement, type Ref } from 'react';
import type { Tooltip as RadixBasedTooltip, TooltipSide } from '../components/ui/tooltip.tsx';
import { LONG_PRESS_MS } from '../components/ui/tooltip-timing.ts';
import { loadOnce } from './load-once.ts';

type TooltipComponent = typeof RadixBasedTooltip;

/** Radix's tooltip (components/ui/tooltip.tsx), fetched once for every tip on the page. */
const loadTooltip = loadOnce<TooltipComponent>(async () => (await import('../components/ui/tooltip.tsx')).Tooltip);

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  onClickCapture?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * The header's tooltips on a server-rendered page: the control alone until it is
 * first hovered, focused or pressed, then the same control inside Radix's tooltip
 * (components/ui/tooltip.tsx), fetched then, so a visitor who never points at it never downloads
 * it. The control is a new element then: a press under way is let finish first (its click would
 * be lost), and focus, if it was there, is put back on it (where Radix opens the tip for a keyboard
 * user).
 */
export function LazyTooltip({ label, side, children }: { label: string; side?: TooltipSide; children: ReactElement<TriggerProps> }) {
  const [Tooltip, setTooltip] = useState<TooltipComponent>();
  const [longPress, setLongPress] = useState(false);
  const node = useRef<HTMLElement | null>(null);
  const pressing = useRef(false);
  const pressTimer = useRef<number | undefined>(undefined);
  const pressedLong = useRef(false);
  const waiting = useRef<TooltipComponent | undefined>(undefined);
  const refocus = useRef(false);
  const childRef = children.props.ref;

  const swap = useCallback((component: TooltipComponent) => {
    refocus.current = !!node.current && node.current === document.activeElement;
    setTooltip(() => component);
  }, []);

  const request = useCallback(() => {
    loadTooltip().then(
      (component) => {
        if (pressing.current && !pressedLong.current) waiting.current = component;
        else swap(component);
      },
      () => undefined, // offline: the control works without its tip, and asks again next time
    );
  }, [swap]);

  // A press (pointer or key) ends with its click: swap after it, in a task of its own. A touch
  // held as long as a long press is a question, not a tap: the tip shows as soon as it is here.
  useEffect(() => {
    if (Tooltip) return;
    const released = () => {
      window.clearTimeout(pressTimer.current);
      if (!pressing.current) return;
      pressing.current = false;
      window.setTimeout(() => {
        if (waiting.current && !pressing.current) swap(waiting.current);
      }, 0);
    };
    window.addEventListener('pointerup', released, true);
    window.addEventListener('pointercancel', released, true);
    window.addEventListener('keyup', released, true);
    return () => {
      window.clearTimeout(pressTimer.current);
      window.removeEventListener('pointerup', released, true);
      window.removeEventListener('pointercancel', released, true);
      window.removeEventListener('keyup', released, true);
    };
  }, [Tooltip, swap]);

  useEffect(() => {
    if (!Tooltip || !refocus.current) return;
    refocus.current = false;
    // Only if focus went nowhere with the old element (a menu it opened may hold it now).
    if (!document.activeElement || document.activeElement === document.body) node.current?.focus();
  }, [Tooltip]);

  const ref = useCallback(
    (element: HTMLElement | null) => {
      node.current = element;
      assignRef(childRef, element);
    },
    [childRef],
  );

  if (Tooltip) {
    return (
      <Tooltip label={label} side={side} shownByLongPress={longPress}>
        {cloneElement(children, { ref })}
      </Tooltip>
    );
  }
  const { onFocus, onPointerEnter, onPointerDown, onKeyDown, onClickCapture } = children.props;
  return cloneElement(children, {
    ref,
    onFocus: (event) => {
      onFocus?.(event);
      request();
    },
    onPointerEnter: (event) => {
      onPointerEnter?.(event);
      request();
    },
    onPointerDown: (event) => {
      onPointerDown?.(event);
      pressing.current = true;
      pressedLong.current = false;
      if (event.pointerType === 'touch') {
        window.clearTimeout(pressTimer.current);
        pressTimer.current = window.setTimeout(() => {
          if (!pressing.current) return;
          pressedLong.current = true;
          setLongPress(true);
          if (waiting.current) swap(waiting.current);
        }, LONG_PRESS_MS);
      }
      request();
    },
    onKeyDown: (event) => {
      onKeyDown?.(event);
      if (event.key === 'Enter' || event.key === ' ') pressing.current = true;
    },
    // The click that ends a long press asked a question; it does not also act.
    onClickCapture: (event) => {
      onClickCapture?.(event);
      if (!pressedLong.current) return;
      pressedLong.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  });
}
