import { hydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { retryFailedRead } from '@/lib/api-client';
import { SessionProvider } from '@/lib/auth/session-provider';

/** The site's query defaults, the same in the browser and on the server that renders pages. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryFailedRead, refetchOnWindowFocus: false },
      // A change made with no signal fails at once, saying it needs a connection, rather than
      // waiting unseen for one (ADR 79).
      mutations: { networkMode: 'always' },
    },
  });

/**
 * The query cache and the session around the site. `queryClient`: one made already (the
 * server's, or the browser's holding a server-rendered page's data); a new one otherwise.
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
}

/** A query client holding the answers a server-rendered page came with. */
export function queryClientWith(state: DehydratedState): QueryClient {
  const client = createQueryClient();
  hydrate(client, state);
  return client;
}
