import { useId, type ReactNode } from 'react';
import { Checkbox } from 'radix-ui';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export interface CheckboxFieldProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** A labelled checkbox (Radix Checkbox), for lists of choices such as roles and permissions. */
export function CheckboxField({ checked, onCheckedChange, label, disabled, className }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Checkbox.Root
        id={id}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        disabled={disabled}
        className={cn(
          'flex h-4 w-4 shrink-0 items-center justify-center rounded border border-gray-400 bg-white',
          'data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 dark:border-gray-500 dark:bg-gray-900',
        )}
      >
        <Checkbox.Indicator>
          <Check className="h-3 w-3 text-white" strokeWidth={3} aria-hidden />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id} className={cn('text-sm text-gray-700 dark:text-gray-200', disabled && 'opacity-60')}>
        {label}
      </label>
    </div>
  );
}
