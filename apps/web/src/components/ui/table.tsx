import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    // The frame is a container: columns and row actions fit themselves to its width (data-table.tsx).
    <div className="@container overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-700">
      <table className={cn('min-w-full divide-y divide-gray-200 text-sm dark:divide-gray-700', className)} {...props} />
    </div>
  );
}

export function TableHead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('bg-gray-50 dark:bg-gray-800', className)} {...props} />;
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-gray-200 bg-white dark:divide-gray-700 dark:bg-gray-900', className)} {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  // `group`: a sticky cell (the row's actions) takes the row's hover colour with it.
  return <tr className={cn('group hover:bg-gray-50 dark:hover:bg-gray-800/60', className)} {...props} />;
}

export function TableHeaderCell({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn('px-3 py-3 text-start text-xs font-semibold uppercase tracking-wide text-gray-600 sm:px-4 dark:text-gray-300', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-3 py-3 text-start align-middle sm:px-4', className)} {...props} />;
}
