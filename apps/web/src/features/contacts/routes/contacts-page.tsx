import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, Trash2 } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import { CONTACT_MSG, type ContactItem } from '@app/shared/schemas/contact.schema';
import { useAuth } from '../../../lib/auth-context.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { messageOr } from '../../../lib/server-errors.ts';
import { DataTable } from '../../../components/list/data-table.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { useListQuery } from '../../../components/list/use-list-query.ts';
import { useListState } from '../../../components/list/use-list-state.ts';
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
  const { t, i18n } = useTranslation('admin');
  const { can } = useAuth();
  const list = useListState(CONTACT_LIST);
  const contacts = useListQuery(list, contactsQuery);
  const remove = useDeleteContact();
  const rows = contacts.data?.data ?? [];
  const [viewing, setViewing] = useState<ContactItem | null>(null);
  const deletion = useConfirmDelete<ContactItem>({
    remove: (contact) => remove.mutateAsync(contact.id),
    title: t('common.confirmDeleteTitle'),
    message: () => t('contacts.confirmDelete'),
    done: CONTACT_MSG.deleted,
    failed: (err) => messageOr(t, err, t('contacts.deleteError')),
    onRemoved: () => list.afterRemoval(rows.length),
  });

  return (
    <>
      <ListScreen
        id="contacts"
        title={t('contacts.title')}
        subtitle={t('contacts.subtitle')}
        list={list}
        query={contacts}
        rows={rows}
        meta={contacts.data?.meta}
        loadingLabel={t('contacts.loading')}
        empty={t('contacts.empty')}
        error={(message) => t('contacts.loadError', { message })}
      >
        <DataTable
          rows={rows}
          rowKey={(contact) => contact.id}
          columns={[
            { id: 'name', header: t('contacts.columns.name'), cell: (contact) => contact.name, key: true, className: 'font-medium' },
            { id: 'email', header: t('contacts.columns.email'), cell: (contact) => <span dir="ltr">{contact.email}</span> },
            { id: 'subject', header: t('contacts.columns.subject'), cell: (contact) => <span dir="auto">{contact.subject}</span>, key: true },
            {
              id: 'message',
              header: t('contacts.columns.message'),
              cell: (contact) => <span dir="auto">{preview(contact.message)}</span>,
              className: 'max-w-xs text-gray-600 dark:text-gray-400',
            },
            { id: 'date', header: t('contacts.columns.date'), cell: (contact) => formatDate(contact.created_at, i18n.language), className: 'whitespace-nowrap' },
          ]}
          actions={[
            { id: 'view', text: t('common.view'), label: (contact) => t('contacts.viewContact', { name: contact.name }), icon: Eye, onSelect: setViewing },
            {
              id: 'delete',
              text: t('common.delete'),
              label: (contact) => t('contacts.deleteContact', { name: contact.name }),
              icon: Trash2,
              danger: true,
              allowed: can(PERMISSION.contact.delete),
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
