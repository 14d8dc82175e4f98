import { z } from 'zod';
import { nestedPaged } from './list.schema.ts';

export const CONTACT_MSG = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  email: 'Please enter a valid email',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  thanks: 'Thank you for your message! We will get back to you soon.',
  deleted: 'Contact deleted successfully',
} as const;

/** Spec section 5, Contact form: all four fields required. `website` is a honeypot kept empty by people. */
export const contactSchema = z.object({
  name: z.string({ error: CONTACT_MSG.nameRequired }).trim().min(1, CONTACT_MSG.nameRequired).max(255),
  email: z.string({ error: CONTACT_MSG.emailRequired }).trim().min(1, CONTACT_MSG.emailRequired).max(255).email(CONTACT_MSG.email),
  subject: z.string({ error: CONTACT_MSG.subjectRequired }).trim().min(1, CONTACT_MSG.subjectRequired).max(255),
  message: z.string({ error: CONTACT_MSG.messageRequired }).trim().min(1, CONTACT_MSG.messageRequired).max(10_000),
  website: z.string().max(1000).optional(),
});
export type ContactInput = z.input<typeof contactSchema>;

export const contactListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  search: z.string().trim().max(100).optional(),
});

export const contactItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ContactItem = z.infer<typeof contactItemSchema>;

/** POST /contacts (201). `id` is null when the honeypot was filled and nothing was stored. */
export const contactCreatedResponseSchema = z.object({ message: z.string(), data: z.object({ id: z.number().int().nullable() }) });
export type ContactCreatedResponse = z.infer<typeof contactCreatedResponseSchema>;

/** GET /contacts: the spec reads `data.data` and `data.meta`. */
export const contactListResponseSchema = nestedPaged(contactItemSchema);
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;

/** GET /contacts/{id}. */
export const contactResponseSchema = z.object({ data: contactItemSchema });
