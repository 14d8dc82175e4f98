import type { ContactItem } from '@app/shared/schemas/contact.schema';
import type { NestedPaged } from '@app/shared/schemas/list.schema';
import type { ListParams } from '../../../components/list/list-params.ts';
import { listQuery } from '../../../lib/list-query.ts';

/** Spec section 7: the contact list reads data.data and data.meta. */
export const contactsQuery = listQuery<ListParams, NestedPaged<ContactItem>, NestedPaged<ContactItem>['data']>('/contacts', (params) => ['contacts', 'list', params], (body) => body.data);
