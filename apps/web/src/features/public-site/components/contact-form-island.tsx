import { useState } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client.ts';
import { ContactForm } from './contact-form.tsx';

function OwnQueryClient() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>
  );
}

/**
 * The contact form as an island (decision 0038): on a server-rendered page it brings the query
 * client its sending needs; inside the app it uses the app's.
 */
export function ContactFormIsland() {
  let inApp = true;
  try {
    useQueryClient();
  } catch {
    inApp = false;
  }
  return inApp ? <ContactForm /> : <OwnQueryClient />;
}
