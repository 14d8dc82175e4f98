import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { ACCESS } from '@app/shared/permissions';
import { translateMessage } from '../lib/translate-message.ts';
import { useCan } from './can.tsx';

/**
 * Spec sections 2 and 6: only Super Admin and Manager may open the users and roles screens; anyone
 * else who reaches them sees 'You do not have permission to access this page.'
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const isAdministrator = useCan(ACCESS.administrators);
  const { t } = useTranslation();
  if (isAdministrator) return <>{children}</>;
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-lg border border-red-200 bg-white p-10 text-center dark:border-red-900 dark:bg-gray-900">
      <ShieldAlert className="h-10 w-10 text-red-600" aria-hidden />
      <p className="font-medium">{translateMessage(t, 'You do not have permission to access this page.')}</p>
    </div>
  );
}
