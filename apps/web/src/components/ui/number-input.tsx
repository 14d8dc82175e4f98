import { forwardRef, useLayoutEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toLanguageDigits, toLatinDigits } from '../../lib/digits.ts';
import { Input } from './input.tsx';

/**
 * The one number input: shown in the reader's digits (۱۲ in Dari and Pashto, as every number on
 * screen), read from Latin, Persian or Arabic-Indic digits, and handed over in Latin digits. A
 * native number input cannot: it shows and takes Latin digits only.
 */

/** What a number field holds: a Latin-digit string as typed ('' for none), or a number (NaN for none). */
type NumberValue = string | number | null | undefined;

/** Whether the typed text is the value the field holds (so a half-typed "12." is kept as typed). */
function holds(text: string, value: NumberValue): boolean {
  if (typeof value === 'number') return Number.isNaN(value) ? text === '' || text === '-' || text === '.' : text !== '' && Number(text) === value;
  return text === (value ?? '');
}

export interface NumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step'> {
  value: NumberValue;
  /** The text typed, in Latin digits ("12.5", '' when emptied). */
  onValueChange: (latin: string) => void;
  /** Takes a decimal point (marks, money); else whole numbers. */
  decimal?: boolean;
  invalid?: boolean;
}

export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput({ value, onValueChange, decimal, ...rest }, ref) {
  const { i18n } = useTranslation();
  const [typed, setTyped] = useState(() => (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value)) ? '' : String(value)));
  const latin = holds(typed, value) ? typed : value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value)) ? '' : String(value);
  const own = useRef<HTMLInputElement | null>(null);
  // Latin digits typed in Dari are shown as Dari ones: the text is replaced, so the caret is put back where it was.
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current !== null && own.current && document.activeElement === own.current) own.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  return (
    <Input
      {...rest}
      ref={(node) => {
        own.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      type="text"
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={toLanguageDigits(latin, i18n.language)}
      onChange={(e) => {
        const next = toLatinDigits(e.target.value);
        const kept = decimal ? next : next.replace(/\./g, '');
        caret.current = e.target.selectionStart === null ? null : Math.max(0, e.target.selectionStart - (e.target.value.length - kept.length));
        setTyped(kept);
        onValueChange(kept);
      }}
    />
  );
});

/**
 * NumberInput bound to a react-hook-form field: the field holds the Latin text typed, or with
 * `asNumber` the number (NaN when empty, as a native number input's valueAsNumber).
 */
export function FormNumberInput<T extends FieldValues, R extends FieldValues = T>({
  control,
  name,
  asNumber,
  ...rest
}: Omit<NumberInputProps, 'value' | 'onValueChange' | 'name'> & { control: Control<T, unknown, R>; name: FieldPath<T>; asNumber?: boolean }) {
  const { field } = useController<T, FieldPath<T>, R>({ control, name });
  return (
    <NumberInput
      {...rest}
      ref={field.ref}
      name={field.name}
      value={field.value as NumberValue}
      onBlur={field.onBlur}
      onValueChange={(latin) => field.onChange(asNumber ? (latin === '' ? Number.NaN : Number(latin)) : latin)}
    />
  );
}
