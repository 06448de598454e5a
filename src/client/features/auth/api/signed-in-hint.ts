/**
 * Whether this browser had a signed-in session when it last asked. Public pages are the same for
 * everyone (rendered and kept on the server), so the signed-in state is asked in the browser, and
 * only where this says it may be there: a visitor who never signed in sends no session request.
 * The session cookie itself is HttpOnly and cannot be read here.
 */
const KEY = 'ecert:signed-in';

export function maybeSignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false; // storage blocked: the top bar simply does not show the signed-in state
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // storage blocked or full: only the top bar's hint is lost
  }
}
