import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

const queryClient = new QueryClient();

/** The component inside the page's one query client, fetched only with islands that send requests. */
export function withQueryClient<P extends object>(Component: ComponentType<P>) {
  return function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  };
}
