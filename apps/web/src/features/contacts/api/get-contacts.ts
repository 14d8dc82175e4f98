import { queryOptions } from '@tanstack/react-query';
import type { ContactItem } from '@app/shared/schemas/contact.schema';
import type { NestedPaged } from '@app/shared/schemas/list.schema';
import type { ListParams } from '../../../components/list/list-params.ts';
import { api } from '../../../lib/api-client.ts';

/** Spec section 7: the contact list reads data.data and data.meta. */
export function getContacts(params: ListParams, signal?: AbortSignal): Promise<NestedPaged<ContactItem>['data']> {
  return api.get<NestedPaged<ContactItem>>('/contacts', { params: { ...params }, signal }).then((body) => body.data);
}

export function contactsQuery(params: ListParams) {
  return queryOptions({
    queryKey: ['contacts', 'list', params],
    queryFn: ({ signal }) => getContacts(params, signal),
  });
}
