import { buildServer } from '../scripts/build-server.mjs';

/** The tests that start the server as a process start what `npm start` runs, from these sources. */
export default async function setup() {
  await buildServer();
}
