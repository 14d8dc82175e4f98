import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';
import { ACCESS } from '@app/shared/permissions';
import { idParam, messageResponseSchema } from '@app/shared/schemas/common.schema';
import {
  CONTACT_MSG,
  contactCreatedResponseSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactResponseSchema,
  contactSchema,
} from '@app/shared/schemas/contact.schema';
import { AppError } from '../../lib/app-error.ts';
import { publicAccess, requires } from '../../lib/access.ts';
import { currentUser } from '../../plugins/access.ts';
import { deleteContact, getContact, listContacts, storeContact } from './contacts.service.ts';
import { linkActivities } from '../activities/activities.service.ts';
import { contactActivityLinks } from './contacts.repository.ts';

/** Messages per client address per window: enough for a person, too few for a flood. */
export const CONTACTS_PER_WINDOW = 5;
export const CONTACT_WINDOW_SECONDS = 10 * 60;

/**
 * The contacts page is for administrators (spec section 2: role Super Admin or Manager) who also
 * hold the permission, so a Manager role stripped of view-contacts loses the page. The web's
 * screen applies the same rules (ACCESS in the shared package).
 */
const viewContacts = requires(ACCESS.contacts);
const deleteContacts = requires(ACCESS.deleteContacts);

export async function contactsRoutes(app: FastifyInstance): Promise<void> {
  linkActivities('contact', contactActivityLinks);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contacts'];

  // Public form (CSRF enforced globally). A filled honeypot gets the same answer and stores nothing.
  r.post('/contacts', { config: publicAccess, schema: { description: 'Send a message from the public contact form.', tags, body: contactSchema, response: { 201: contactCreatedResponseSchema } } }, async (request, reply) => {
    const { count, retryAfter } = await app.limiter.hit(`contact:${request.ip}`, CONTACT_WINDOW_SECONDS);
    if (count > CONTACTS_PER_WINDOW) throw new AppError(429, MSG.tooManyRequests, undefined, { 'Retry-After': String(retryAfter) });
    const { website, ...message } = request.body;
    const id = website?.trim() ? null : await storeContact(app.db, message, request.ip);
    return reply.code(201).send({ message: CONTACT_MSG.thanks, data: { id } });
  });

  r.get('/contacts', { config: viewContacts, schema: { description: 'The messages sent through the contact form, a page at a time.', tags, querystring: contactListQuerySchema, response: { 200: contactListResponseSchema } } }, async (request) =>
    listContacts(app.db, request.query),
  );

  r.get('/contacts/:id', { config: viewContacts, schema: { description: 'One contact message.', tags, params: idParam, response: { 200: contactResponseSchema } } }, async (request) => ({
    data: await getContact(app.db, request.params.id),
  }));

  r.delete('/contacts/:id', { config: deleteContacts, schema: { description: 'Delete one contact message.', tags, params: idParam, response: { 200: messageResponseSchema } } }, async (request) => {
    await deleteContact(app.db, currentUser(request).id, request.params.id);
    return { message: CONTACT_MSG.deleted };
  });
}
