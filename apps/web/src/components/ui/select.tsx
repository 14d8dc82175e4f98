import { forwardRef, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { Field, fieldClasses } from './input.tsx';

/**
 * A styled native <select>: fully keyboard- and screen-reader-accessible, works with
 * react-hook-form's `register`, and costs nothing to load on a slow link. For rich pickers use
 * Radix primitives instead.
 */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean }>(
  function Select({ className, invalid, ...props }, ref) {
    return (
      <select
        ref={ref}
        aria-invalid={invalid || undefined}
        className={cn(fieldClasses, 'pe-8', invalid && 'border-red-500 focus:border-red-500 focus:ring-red-500/30', className)}
        {...props}
      />
    );
  },
);

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string;
  /** An empty first option: no filter ('All'), or nothing chosen yet ('Select'). */
  first?: string;
  /** The field's box (its columns in a grid). */
  className?: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A select under its label with its message (Field), the one way forms and filters write one:
 * spread `register('name')` on it, or give it `value` and `onChange`; the options are its children.
 */
export function SelectField({ label, error, first, className, children, ref, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} className={className}>
      {(ids) => (
        <Select {...ids} ref={ref} {...select}>
          {first === undefined ? null : <option value="">{first}</option>}
          {children}
        </Select>
      )}
    </Field>
  );
}
