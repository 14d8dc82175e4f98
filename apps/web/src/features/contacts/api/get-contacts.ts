import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactItem } from '@app/shared/schemas/contact.schema';
import type { NestedPaged } from '@app/shared/schemas/list.schema';
import { api } from '../../../lib/api-client.ts';

export function getContacts(page: number, signal?: AbortSignal): Promise<NestedPaged<ContactItem>['data']> {
  return api.get<NestedPaged<ContactItem>>('/contacts', { params: { page }, signal }).then((body) => body.data);
}

export function contactsQuery(page: number) {
  return queryOptions({
    queryKey: ['contacts', 'list', { page }],
    queryFn: ({ signal }) => getContacts(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useContacts(page: number) {
  return useQuery(contactsQuery(page));
}
