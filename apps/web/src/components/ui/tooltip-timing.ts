/** A touch held this long asks for a control's tooltip (components/ui/tooltip.tsx, islands/lazy-tooltip.tsx). */
export const LONG_PRESS_MS = 500;
/** How long a tip asked for by a long press stays. */
export const TOUCH_VISIBLE_MS = 1500;
