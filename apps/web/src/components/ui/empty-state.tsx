import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export function EmptyState({ message, action, icon, className }: { message: ReactNode; action?: ReactNode; icon?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 py-10 text-center text-gray-500 dark:text-gray-400', className)}>
      {icon ?? <Inbox className="h-10 w-10" aria-hidden />}
      <p>{message}</p>
      {action}
    </div>
  );
}
