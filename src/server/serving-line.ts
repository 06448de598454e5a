/**
 * The words the server prints once it listens. A test that starts a server waits for them in its
 * output: until then, an answer on the port may come from another process.
 */
export const SERVING = 'e-Cert Portal is serving';
