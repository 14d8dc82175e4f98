import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CloudUpload, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useOutbox } from '../../../lib/outbox/outbox.ts';
import { syncOutbox } from '../../../lib/outbox/sync.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { OutboxChangeItem } from './outbox-change-item.tsx';

/**
 * The header's badge: "N changes waiting" (or all sent) and when the last sync reached the end;
 * syncing and conflicts show on it. Tapping it lists the changes on this phone, conflicts first.
 * Shown once this phone keeps an outbox (the store set up and unlocked).
 */
export default function SyncBadge() {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const outbox = useOutbox();
  const [open, setOpen] = useState(false);
  if (!outbox.ready) return null;
  const count = outbox.changes.length;
  const conflicts = outbox.changes.filter((c) => c.state !== 'waiting').length;
  const text = count ? t('sync.badge', { count }) : t('sync.allSent');
  const when = outbox.lastSyncAt ? t('sync.lastSync', { time: format.dateTime(outbox.lastSyncAt) }) : t('sync.neverSynced');
  const Icon = outbox.syncing ? RefreshCw : conflicts ? AlertTriangle : CloudUpload;
  const ordered = [...outbox.changes.filter((c) => c.state !== 'waiting'), ...outbox.changes.filter((c) => c.state === 'waiting')];

  return (
    <>
      <button
        type="button"
        data-testid="sync-badge"
        onClick={() => setOpen(true)}
        aria-label={`${text}. ${outbox.syncing ? t('sync.syncing') : when}`}
        className={`inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-gray-800 ${
          conflicts ? 'text-amber-800 dark:text-amber-300' : 'text-gray-700 dark:text-gray-300'
        }`}
      >
        <Icon className={`h-4 w-4 shrink-0 ${outbox.syncing ? 'motion-safe:animate-spin' : ''}`} aria-hidden />
        <span className="tabular-nums">{count}</span>
        <span className="hidden lg:inline">{text}</span>
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        size="lg"
        title={t('sync.title')}
        description={
          <span role="status">
            {text}
            {conflicts ? ` · ${t('sync.conflicts', { count: conflicts })}` : ''} · {outbox.syncing ? t('sync.syncing') : when}
          </span>
        }
        footer={
          <Button onClick={() => void syncOutbox()} disabled={outbox.syncing || count === 0}>
            {t('sync.sendNow')}
          </Button>
        }
      >
        {count ? (
          <ul data-testid="outbox-list">
            {ordered.map((change) => (
              <OutboxChangeItem key={change.key} change={change} />
            ))}
          </ul>
        ) : (
          <p className="text-sm">{t('sync.empty')}</p>
        )}
      </Modal>
    </>
  );
}
