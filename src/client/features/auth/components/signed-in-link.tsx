import { lazy, Suspense, useEffect, useState } from 'react';
import { maybeSignedIn, rememberSignedIn } from '../api/signed-in-hint.ts';

const AccountLink = lazy(() => import('./account-link.tsx'));

const forgetSignedIn = () => rememberSignedIn(false);

/**
 * A signed-in user's way back to the dashboard. Asked after the first render (the page is the
 * same for everyone), and only in a browser that has signed in before.
 */
export function SignedInLink() {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(maybeSignedIn()), []);
  return signedIn ? (
    <Suspense fallback={null}>
      <AccountLink onSignedOut={forgetSignedIn} />
    </Suspense>
  ) : null;
}
