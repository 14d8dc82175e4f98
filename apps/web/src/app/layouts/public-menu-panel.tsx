import type { ReactNode, RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { Tooltip } from '../../components/ui/tooltip.tsx';

export interface PublicMenuPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organisation: string;
  labels: { closeMenu: string; mobileNav: string };
  /** The header's menu button: focus goes back to it when the panel closes. */
  button: RefObject<HTMLButtonElement | null>;
  buttonClasses: string;
  children: ReactNode;
}

/**
 * Spec section 2, mobile menu: the panel on Radix Dialog (focus stays in it while open; Escape,
 * the close button or a tap outside closes it; focus returns to the menu button). Loaded by the
 * public header on the menu button's first use, so it is in no first load; the
 * button is the header's own, hence no Dialog.Trigger and the focus given back here.
 */
export function PublicMenuPanel({ open, onOpenChange, organisation, labels, button, buttonClasses, children }: PublicMenuPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
        <Dialog.Content
          id="mobile-menu-panel"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
          className="fixed inset-x-0 top-0 z-50 max-h-screen overflow-y-auto border-b border-gray-200 bg-white px-4 pb-4 shadow-lg focus:outline-none md:hidden dark:border-gray-800 dark:bg-gray-950"
        >
          <div className="flex h-16 items-center justify-between gap-2">
            <Dialog.Title className="truncate font-semibold text-gray-900 dark:text-gray-100" dir="auto">
              {organisation}
            </Dialog.Title>
            <Tooltip label={labels.closeMenu}>
              <Dialog.Close className={buttonClasses} aria-label={labels.closeMenu}>
                <X className="h-5 w-5" aria-hidden />
              </Dialog.Close>
            </Tooltip>
          </div>
          <nav id="mobile-menu" aria-label={labels.mobileNav}>
            {children}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
