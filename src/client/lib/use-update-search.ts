import { useSearchParams } from 'react-router';

/**
 * The query string last asked for, and the address's when it was asked: the router changes the
 * address only once the new page's loaders are done, and a change made meanwhile builds on it.
 */
let asked: { search: string; from: string } | undefined;

/**
 * Changes the URL's query string, starting from the address being gone to rather than as last
 * rendered: a second filter chosen while the first one's page still loads keeps both.
 */
export function useUpdateSearch() {
  const [, setParams] = useSearchParams();
  return (change: (params: URLSearchParams) => void) => {
    const now = window.location.search;
    const params = new URLSearchParams(asked?.from === now ? asked.search : now);
    change(params);
    asked = { search: params.toString(), from: now };
    setParams(params);
  };
}
