/**
 * The verifier routes a verifier API key may call: checking, nothing else. Every other route of the
 * verifier area (the account, the keys themselves) takes the verifier's signed-in session only.
 */
const VERIFIER_KEY_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/verifier/check',
  'POST /api/verifier/checks',
  'POST /api/verifier/checks/upload',
]);

export const takesVerifierKey = (method: string, routeUrl: string | undefined) =>
  VERIFIER_KEY_ROUTES.has(`${method} ${routeUrl}`);
