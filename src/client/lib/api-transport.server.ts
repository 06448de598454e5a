import { currentRender } from './render-context.server.ts';

/** @public The server's stand-in for api-transport.ts: the render's own way to the API. */
export const sendApiRequest = (path: string, init: RequestInit) => currentRender().fetchApi(path, init);
