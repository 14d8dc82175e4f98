import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Tooltip } from './tooltip.tsx';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl' | 'full';

const sizeClasses: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
  full: 'max-w-none',
};

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  children?: ReactNode;
  /** Buttons row at the bottom, aligned to the end. */
  footer?: ReactNode;
}

export function Modal({ open, onOpenChange, title, description, size = 'md', children, footer }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className={cn(
            // inset-0 + m-auto centres without transforms, so it needs no mirroring for RTL
            'fixed inset-0 z-50 m-auto flex h-fit max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] flex-col',
            'rounded-lg bg-white text-gray-900 shadow-xl focus:outline-none dark:bg-gray-900 dark:text-gray-100',
            sizeClasses[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4 dark:border-gray-700">
            <div>
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</Dialog.Description>
              ) : null}
            </div>
            <Tooltip label={t('actions.close')}>
              <Dialog.Close
                className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded text-gray-600 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100"
                aria-label={t('actions.close')}
              >
                <X className="h-5 w-5" aria-hidden />
              </Dialog.Close>
            </Tooltip>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 px-5 py-3 dark:border-gray-700">{footer}</div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
