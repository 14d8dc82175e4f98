import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';

const FOCUSABLE = 'input, select, textarea, button, [tabindex]:not([tabindex="-1"]), [role="spinbutton"]';

/**
 * Focus the first field marked invalid in the form, in the order the form shows its fields. A
 * field that is a group (a date's segments) gives focus to its first part.
 */
export function focusFirstInvalid(form: HTMLElement | null | undefined): void {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  const target = first.matches(FOCUSABLE) ? first : first.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
}

/**
 * After a refused submit (the form's own check or the server's 422), focus goes to the first
 * refused field in the form's order. react-hook-form's own focus follows the order fields were
 * registered in, which is not the page's order once a field registers late (a date picker's
 * controller), so forms turn it off (`shouldFocusError: false`) and use this instead.
 *
 * `capture` wraps the form's onSubmit to know which form it is; `refused` asks for the focus,
 * which moves once the fields marked invalid are on the page.
 */
export function useRefusalFocus() {
  const form = useRef<HTMLFormElement | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) focusFirstInvalid(form.current);
  }, [asked]);
  const capture = useCallback(
    <R>(handler: (event?: FormEvent<HTMLFormElement>) => R) =>
      (event?: FormEvent<HTMLFormElement>) => {
        if (event?.currentTarget instanceof HTMLFormElement) form.current = event.currentTarget;
        return handler(event);
      },
    [],
  );
  const refused = useCallback(() => setAsked((n) => n + 1), []);
  return { capture, refused };
}
