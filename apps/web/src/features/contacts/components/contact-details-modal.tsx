import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactItem } from '@app/shared/schemas/contact.schema';
import { useFormat } from '../../../lib/use-format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** The detail modal: name, email as a mail link, subject, message, submission date, Close. */
export function ContactDetailsModal({ contact, onClose }: { contact: ContactItem; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={t('contacts.details.title')}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <dl className="space-y-4 text-sm">
        <Row label={t('contacts.details.name')}>{contact.name}</Row>
        <Row label={t('contacts.details.email')}>
          <a href={`mailto:${contact.email}`} className="text-brand-700 hover:underline dark:text-brand-400" dir="ltr">
            {contact.email}
          </a>
        </Row>
        <Row label={t('contacts.details.subject')}>{contact.subject}</Row>
        <Row label={t('contacts.details.message')}>
          <p className="whitespace-pre-wrap break-words" dir="auto">
            {contact.message}
          </p>
        </Row>
        <Row label={t('contacts.details.date')}>{format.dateTime(contact.created_at)}</Row>
      </dl>
    </Modal>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="mt-1 text-gray-900 dark:text-gray-100">{children}</dd>
    </div>
  );
}
