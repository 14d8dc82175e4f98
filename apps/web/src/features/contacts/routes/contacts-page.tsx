import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCESS } from '@app/shared/permissions';
import { CONTACT_MSG, type ContactItem } from '@app/shared/schemas/contact.schema';
import { useFormat } from '../../../lib/use-format.ts';
import { useCan } from '../../../components/can.tsx';
import { DataTable } from '../../../components/list/data-table.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { nestedPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import type { ListSpec } from '../../../components/list/list-params.ts';
import { contactsQuery } from '../api/get-contacts.ts';
import { useDeleteContact } from '../api/delete-contact.ts';
import { ContactDetailsModal } from '../components/contact-details-modal.tsx';

const CONTACT_LIST: ListSpec = {};
const MESSAGE_PREVIEW = 60;

function preview(message: string): string {
  return message.length > MESSAGE_PREVIEW ? `${message.slice(0, MESSAGE_PREVIEW).trimEnd()}…` : message;
}

/** /dashboard/contacts: contact submissions (spec section 2). The route lets only Super Admin and Manager in. */
export function ContactsPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  // The server route's own rule: an administrator who holds delete-contacts.
  const canDelete = useCan(ACCESS.deleteContacts);
  const contacts = usePagedList(CONTACT_LIST, contactsQuery, nestedPage);
  const remove = useDeleteContact();
  const [viewing, setViewing] = useState<ContactItem | null>(null);
  const deletion = useConfirmDelete<ContactItem>({
    remove: remove.mutateAsync,
    message: t('contacts.confirmDelete'),
    done: CONTACT_MSG.deleted,
    failed: t('contacts.deleteError'),
    from: contacts,
  });

  return (
    <>
      <ListScreen
        id="contacts"
        title={t('contacts.title')}
        subtitle={t('contacts.subtitle')}
        {...contacts}
        loadingLabel={t('contacts.loading')}
        empty={t('contacts.empty')}
        error={(message) => t('contacts.loadError', { message })}
      >
        <DataTable
          rows={contacts.rows}
          columns={[
            { id: 'name', header: t('contacts.columns.name'), cell: (contact) => contact.name, key: true, userText: true, className: 'font-medium' },
            { id: 'email', header: t('contacts.columns.email'), cell: (contact) => <span dir="ltr">{contact.email}</span> },
            { id: 'subject', header: t('contacts.columns.subject'), cell: (contact) => <span dir="auto">{contact.subject}</span>, key: true },
            {
              id: 'message',
              header: t('contacts.columns.message'),
              cell: (contact) => <span dir="auto">{preview(contact.message)}</span>,
              className: 'max-w-xs text-gray-600 dark:text-gray-400',
            },
            { id: 'date', header: t('contacts.columns.date'), cell: (contact) => format.date(contact.created_at), className: 'whitespace-nowrap' },
          ]}
          actions={[
            { kind: 'view', label: (contact) => t('contacts.viewContact', { name: contact.name }), onSelect: setViewing },
            {
              kind: 'delete',
              label: (contact) => t('contacts.deleteContact', { name: contact.name }),
              allowed: canDelete,
              onSelect: deletion.ask,
            },
          ]}
        />
      </ListScreen>

      {viewing ? <ContactDetailsModal contact={viewing} onClose={() => setViewing(null)} /> : null}
      {deletion.dialog}
    </>
  );
}
