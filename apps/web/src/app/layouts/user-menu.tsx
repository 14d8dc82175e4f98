import { Suspense, lazy, useEffect, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDown, FileText, LayoutDashboard, LogOut, User, Users } from 'lucide-react';
import { useAuth } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';

// Loaded only when a sign-out finds changes not sent yet.
const SignOutWarning = lazy(() => import('../../features/sync/components/sign-out-warning.tsx'));

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-gray-700 outline-none ' +
  'data-[highlighted]:bg-gray-100 dark:text-gray-200 dark:data-[highlighted]:bg-gray-800';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** Spec section 2, user menu: name and email, Dashboard, Your Profile, admin links, Sign out. */
export function UserMenu({ className }: { className?: string }) {
  const { user, isAdministrator, logout } = useAuth();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [warnUnsent, setWarnUnsent] = useState(false);
  // Loaded with the menu: signing out with no connection must still count what is unsent and warn.
  useEffect(() => {
    void import('../../lib/outbox/unsent.ts').catch(() => undefined);
    void import('../../features/sync/components/sign-out-warning.tsx').catch(() => undefined);
  }, []);
  if (!user) return null;

  const leave = async () => {
    setWarnUnsent(false);
    await logout();
    navigate('/login', { replace: true });
  };
  // Signing out erases this phone's store: changes still in its outbox are not erased unasked.
  const signOut = async () => {
    const unsent = await import('../../lib/outbox/unsent.ts').then(({ unsentCount }) => unsentCount()).catch(() => 0);
    if (unsent > 0) setWarnUnsent(true);
    else await leave();
  };

  return (
    <>
    {warnUnsent ? (
      <Suspense fallback={null}>
        <SignOutWarning onClose={() => setWarnUnsent(false)} onSignOut={() => void leave()} />
      </Suspense>
    ) : null}
    {/* Not modal: a modal menu hides the page from assistive technology while its links stay
        focusable (axe: aria-hidden-focus); the ARIA menu pattern needs no modality, and the menu
        still closes on Escape, on a click outside and when focus leaves it. */}
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(
          'inline-flex items-center gap-2 rounded-full p-1 pe-2 text-sm hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-gray-800',
          className,
        )}
        aria-label={t('userMenu.open')}
      >
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white" aria-hidden>
          {initials(user.name) || <User className="h-4 w-4" />}
        </span>
        <span className="hidden max-w-32 truncate font-medium sm:inline" dir="auto">{user.name}</span>
        <ChevronDown className="h-4 w-4 text-gray-500" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-md border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <p className="truncate text-sm font-medium text-gray-900 dark:text-gray-100" dir="auto">{user.name}</p>
            <p className="truncate text-xs text-gray-500 dark:text-gray-400" dir="ltr">{user.email}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200 dark:bg-gray-700" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/dashboard">
              <LayoutDashboard className="h-4 w-4" aria-hidden />
              {t('userMenu.dashboard')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/dashboard/profile">
              <User className="h-4 w-4" aria-hidden />
              {t('userMenu.profile')}
            </Link>
          </DropdownMenu.Item>
          {isAdministrator ? (
            <>
              <DropdownMenu.Item asChild className={itemClasses}>
                <Link to="/dashboard/users">
                  <Users className="h-4 w-4" aria-hidden />
                  {t('userMenu.userManagement')}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClasses}>
                <Link to="/dashboard/pages">
                  <FileText className="h-4 w-4" aria-hidden />
                  {t('userMenu.contentManagement')}
                </Link>
              </DropdownMenu.Item>
            </>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200 dark:bg-gray-700" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => void signOut()}>
            <LogOut className="rtl-flip h-4 w-4" aria-hidden />
            {t('userMenu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
    </>
  );
}
