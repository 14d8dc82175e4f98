import { useTranslation } from 'react-i18next';
import { isSuperAdmin } from '@app/shared/permissions';
import { useAuth } from '../../../lib/auth-context.tsx';

/** Spec section 2: the user's own roles, whether super admin, and all permissions. */
export function DebugInfo() {
  const { t } = useTranslation('admin');
  const { user } = useAuth();
  const roles = user?.roles.map((r) => r.name) ?? [];
  const permissions = user?.permissions.map((p) => p.name) ?? [];
  return (
    <dl className="space-y-3 text-sm">
      <div>
        <dt className="font-medium text-gray-500 dark:text-gray-400">{t('profile.debug.roles')}</dt>
        <dd className="mt-1">{roles.length > 0 ? roles.join(', ') : t('profile.debug.none')}</dd>
      </div>
      <div>
        <dt className="font-medium text-gray-500 dark:text-gray-400">{t('profile.debug.superAdmin')}</dt>
        <dd className="mt-1">{isSuperAdmin(user) ? t('profile.debug.yes') : t('profile.debug.no')}</dd>
      </div>
      <div>
        <dt className="font-medium text-gray-500 dark:text-gray-400">{t('profile.debug.permissions')}</dt>
        <dd className="mt-1">
          {permissions.length > 0 ? (
            <ul className="flex flex-wrap gap-1" dir="ltr">
              {permissions.map((name) => (
                <li key={name}>
                  <code className="rounded bg-gray-100 px-1.5 py-0.5 text-xs dark:bg-gray-800">{name}</code>
                </li>
              ))}
            </ul>
          ) : (
            t('profile.debug.none')
          )}
        </dd>
      </div>
    </dl>
  );
}
