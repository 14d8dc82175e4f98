import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { PERMISSION } from '@app/shared/permissions';
import { CONTACT_MSG, type ContactItem } from '@app/shared/schemas/contact.schema';
import { useAuth } from '../../../lib/auth-context.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Paginator } from '../../../components/ui/paginator.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../components/ui/table.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { useContacts } from '../api/get-contacts.ts';
import { useDeleteContact } from '../api/delete-contact.ts';
import { ContactDetailsModal } from '../components/contact-details-modal.tsx';

const MESSAGE_PREVIEW = 60;

function preview(message: string): string {
  return message.length > MESSAGE_PREVIEW ? `${message.slice(0, MESSAGE_PREVIEW).trimEnd()}…` : message;
}

/** /dashboard/contacts: contact submissions (spec section 2). The route lets only Super Admin and Manager in. */
export function ContactsPage() {
  const { t, i18n } = useTranslation('admin');
  const { can } = useAuth();
  const [page, setPage] = useState(1);
  const contacts = useContacts(page);
  const remove = useDeleteContact();
  const [viewing, setViewing] = useState<ContactItem | null>(null);
  const [deleting, setDeleting] = useState<ContactItem | null>(null);
  const rows = contacts.data?.data ?? [];
  const meta = contacts.data?.meta;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const body = await remove.mutateAsync(deleting.id);
      toast.success(translateMessage(t, body?.message ?? CONTACT_MSG.deleted));
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      // A 403 or 404 says why; anything else gets the spec's text.
      toast.error(isApiError(err) && err.status >= 400 && err.status < 500 ? translateMessage(t, err.message) : t('contacts.deleteError'));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-semibold">{t('contacts.title')}</h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('contacts.subtitle')}</p>
      </div>

      <ListStates
        isError={contacts.isError}
        error={t('contacts.loadError')}
        isPending={contacts.isPending}
        loadingLabel={t('contacts.loading')}
        isEmpty={rows.length === 0}
        empty={t('contacts.empty')}
      >
        <Table aria-busy={contacts.isFetching || undefined}>
          <TableHead>
            <tr>
              <TableHeaderCell>{t('contacts.columns.name')}</TableHeaderCell>
              <TableHeaderCell>{t('contacts.columns.email')}</TableHeaderCell>
              <TableHeaderCell>{t('contacts.columns.subject')}</TableHeaderCell>
              <TableHeaderCell>{t('contacts.columns.message')}</TableHeaderCell>
              <TableHeaderCell>{t('contacts.columns.date')}</TableHeaderCell>
              <TableHeaderCell className="text-end">{t('contacts.columns.actions')}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {rows.map((contact) => (
              <TableRow key={contact.id}>
                <TableCell className="font-medium">{contact.name}</TableCell>
                <TableCell dir="ltr" className="text-start">
                  {contact.email}
                </TableCell>
                <TableCell dir="auto">{contact.subject}</TableCell>
                <TableCell dir="auto" className="max-w-xs text-gray-600 dark:text-gray-400">
                  {preview(contact.message)}
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(contact.created_at, i18n.language)}</TableCell>
                <TableCell>
                  <div className="flex justify-end gap-2">
                    <Button variant="outline" size="sm" onClick={() => setViewing(contact)} aria-label={t('contacts.viewContact', { name: contact.name })}>
                      <Eye className="h-4 w-4" aria-hidden />
                      {t('common.view')}
                    </Button>
                    {can(PERMISSION.contact.delete) ? (
                      <Button variant="danger" size="sm" onClick={() => setDeleting(contact)} aria-label={t('contacts.deleteContact', { name: contact.name })}>
                        <Trash2 className="h-4 w-4" aria-hidden />
                        {t('common.delete')}
                      </Button>
                    ) : null}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListStates>

      {meta && rows.length > 0 ? (
        <Paginator currentPage={meta.current_page} lastPage={meta.last_page} onPageChange={setPage} from={meta.from} to={meta.to} total={meta.total} />
      ) : null}

      {viewing ? <ContactDetailsModal contact={viewing} onClose={() => setViewing(null)} /> : null}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('common.confirmDeleteTitle')}
        message={t('contacts.confirmDelete')}
        onConfirm={() => void confirmDelete()}
        busy={remove.isPending}
      />
    </div>
  );
}
