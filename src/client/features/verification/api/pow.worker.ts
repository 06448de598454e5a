// Solves ALTCHA v2 challenges off the main thread with the browser's WebCrypto PBKDF2.
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
