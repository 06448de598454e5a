/** Sends an API request; the server's renderer swaps this module for its in-process one (vite.config.ts). */
export const sendApiRequest = (path: string, init: RequestInit) => fetch(path, init);
