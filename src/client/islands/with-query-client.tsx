import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

// One cache for the page's islands; they only send requests, so it holds no page data.
const queryClient = new QueryClient();

/** The component inside a query client: fetched only with the islands that send requests. */
export function withQueryClient<P extends object>(Component: ComponentType<P>) {
  return function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  };
}
