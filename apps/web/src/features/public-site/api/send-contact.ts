import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@app/shared/schemas/contact.schema';
import { requestWithStatus } from '../../../lib/api-client.ts';

/** Resolves true only on HTTP 201, the server's "stored" answer. */
export async function sendContact(input: ContactInput): Promise<boolean> {
  const { status } = await requestWithStatus('POST', '/contacts', { body: { ...input, website: input.website ?? '' } });
  return status === 201;
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
