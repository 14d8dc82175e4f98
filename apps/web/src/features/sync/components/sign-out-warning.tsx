import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { outboxSnapshot, useOutbox } from '../../../lib/outbox/outbox.ts';
import { syncOutbox } from '../../../lib/outbox/sync.ts';

interface SignOutWarningProps {
  onClose: () => void;
  /** Signs out, which erases this phone's store and the changes in it. */
  onSignOut: () => void;
}

/**
 * Signing out with changes not sent yet: says how many, and offers to send them now (then signs
 * out once none is left) or to discard them and sign out — never erased without being asked.
 */
export default function SignOutWarning({ onClose, onSignOut }: SignOutWarningProps) {
  const { t } = useTranslation('dashboard');
  const outbox = useOutbox();
  const [tried, setTried] = useState(false);
  const count = outbox.changes.length;

  const sendNow = async () => {
    await syncOutbox();
    setTried(true);
    if (outboxSnapshot().changes.length === 0) onSignOut();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="sm"
      title={t('sync.signOut.title')}
      description={
        <span role="alert" data-testid="sign-out-warning">
          {t('sync.signOut.text', { count })}
          {tried && count ? ` ${t('sync.signOut.stillWaiting', { count })}` : ''}
        </span>
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('sync.cancel')}
          </Button>
          <Button onClick={() => void sendNow()} disabled={outbox.syncing}>
            {t('sync.signOut.sendNow')}
          </Button>
          <Button variant="danger" onClick={onSignOut} disabled={outbox.syncing}>
            {t('sync.signOut.discard')}
          </Button>
        </>
      }
    />
  );
}
