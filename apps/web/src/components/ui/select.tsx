import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { fieldClasses } from './input.tsx';

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
