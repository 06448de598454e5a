/** A public page rendered on the server: its markup and its HTTP status. */
interface RenderedPage {
  html: string;
  status: number;
}

/**
 * The server's renderer of public pages (src/client/entry-server.tsx): the page at `url`, whose
 * route loaders ask the API through `fetchApi`; null when the page redirects.
 */
export type RenderPage = (
  url: string,
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>,
) => Promise<RenderedPage | null>;
