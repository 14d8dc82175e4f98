import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightLeft } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import type { Orphan } from '@app/shared/schemas/orphan.schema';
import { useCan } from '../../../components/can.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useUserSites } from '../../../lib/user-sites.ts';
import { useTransfers } from '../api/get-transfers.ts';
import { fullName } from './orphan-format.ts';
import { TransferDialog } from './transfer-dialog.tsx';
import { useOrphanFormat } from './use-orphan-format.ts';

/**
 * The child's moves between sites, latest as the server lists them, and the Transfer action for
 * those who may edit the child and hold another site to move them to. A user of one site with
 * nothing to show sees no card: the product reads as it did before sites.
 */
export function TransfersCard({ orphan }: { orphan: Orphan }) {
  const { t } = useTranslation('orphans');
  const format = useOrphanFormat();
  const { several } = useUserSites();
  const mayTransfer = useCan(PERMISSION.orphan.edit) && several && !orphan.deleted_at;
  const transfers = useTransfers(orphan.id);
  const [open, setOpen] = useState(false);
  const list = transfers.data ?? [];
  if (!several && list.length === 0) return null;

  return (
    <section aria-labelledby="orphan-transfers" className="rounded-lg border border-gray-200 bg-white p-5 dark:border-gray-700 dark:bg-gray-900">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id="orphan-transfers" className="text-base font-semibold text-gray-900 dark:text-gray-100">
          {t('transfers.title')}
        </h3>
        {mayTransfer ? (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            <ArrowRightLeft className="h-4 w-4" aria-hidden />
            {t('transfers.action')}
          </Button>
        ) : null}
      </div>
      {transfers.isPending ? <Spinner /> : null}
      {transfers.isError ? <Notice tone="error">{t('transfers.loadError', { message: translateMessage(transfers.error.message) })}</Notice> : null}
      {transfers.isSuccess && list.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">{t('transfers.empty')}</p> : null}
      {list.length > 0 ? (
        <ol className="space-y-3">
          {list.map((transfer) => (
            <li key={transfer.id} className="border-s-2 border-brand-600 ps-3 text-sm">
              <p className="font-medium text-gray-900 dark:text-gray-100">
                {t('transfers.move', { date: format.date(transfer.date), from: transfer.from_site.name, to: transfer.to_site.name })}
              </p>
              <p className="whitespace-pre-line text-gray-700 wrap-anywhere dark:text-gray-300" dir="auto">
                {transfer.reason}
              </p>
              <p className="text-xs text-gray-500 dark:text-gray-400">{transfer.by ? t('transfers.by', { name: transfer.by.name }) : t('transfers.byUnknown')}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {open ? <TransferDialog orphan={{ id: orphan.id, site_id: orphan.site_id, name: fullName(orphan) }} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}
