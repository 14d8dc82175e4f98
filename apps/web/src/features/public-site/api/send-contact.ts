import { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { requestWithStatus } from '../../../lib/api-client.ts';

/** Spec section 5, contact form: all four fields required. */
export const contactSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(255),
  email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email').max(255),
  subject: z.string().trim().min(1, 'Subject is required').max(255),
  message: z.string().trim().min(1, 'Message is required').max(5000),
  /** Honeypot: hidden from people, filled only by bots. */
  website: z.string().optional(),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** Resolves true only on HTTP 201, the server's "stored" answer. */
export async function sendContact(input: ContactInput): Promise<boolean> {
  const { status } = await requestWithStatus('POST', '/contacts', { body: { ...input, website: input.website ?? '' } });
  return status === 201;
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
