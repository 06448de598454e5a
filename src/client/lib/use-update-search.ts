import { useSearchParams } from 'react-router';

/**
 * Changes the URL's query string, starting from the address as it is now rather than as last
 * rendered: a second filter chosen while the first one's page still loads keeps both.
 */
export function useUpdateSearch() {
  const [, setParams] = useSearchParams();
  return (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(window.location.search);
    change(params);
    setParams(params);
  };
}
