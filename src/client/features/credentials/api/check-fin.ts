import { postJson } from '#client/lib/api-client.ts';
import type { CheckFinInput, CheckFinResult } from '#shared/api/credentials.ts';

/** Asks the portal whether a FIN belongs to one of its credentials (which carry no FIN). */
export const checkFin = (input: CheckFinInput) =>
  postJson<CheckFinResult>('/api/credentials/check-fin', input);
