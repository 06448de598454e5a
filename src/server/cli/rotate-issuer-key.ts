import 'dotenv/config';
import { resolveMasterSecret } from '../secrets.ts';
import { runOperatorCommand, withOperatorDatabase } from './operator-command.ts';

const SERVER_RUNNING =
  'The portal is running on this data folder; stop it first, then rotate the key and start it again.';

/** PostgreSQL needs no lock: running instances pick the new key up within a minute. */
async function rotateKey(): Promise<string> {
  return withOperatorDatabase(SERVER_RUNNING, async (database, config) => {
    const { rotateIssuerKey } = await import('../features/credentials/issuer-keys.ts');
    const publicKey = await rotateIssuerKey(database.db, resolveMasterSecret(config));
    const pinned = config.issuerKeySeed
      ? '\nISSUER_KEY is set, so the portal keeps signing with that key until it is removed.'
      : '';
    return `New issuer key ${publicKey} signs from now on; earlier keys stay in the DID document.${pinned}`;
  });
}

runOperatorCommand(rotateKey);
