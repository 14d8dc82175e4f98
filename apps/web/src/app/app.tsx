import { useEffect, useState } from 'react';
// The DOM's RouterProvider: a navigation asked `flushSync` (a choice kept in the address) is drawn at once.
import { RouterProvider } from 'react-router/dom';
import { onUnauthorized } from '../lib/api-client.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);

  // Spec section 7: any 401 (storage already cleared by the client) sends the visitor to /login.
  useEffect(
    () =>
      onUnauthorized(() => {
        if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
      }),
    [router],
  );

  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
