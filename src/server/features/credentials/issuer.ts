import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import type { DocumentLoader } from '@digitalbazaar/vc';
import * as vc from '@digitalbazaar/vc';
import fp from 'fastify-plugin';
import { resolveMasterSecret } from '../../secrets.ts';
import { type DidDocument, offlineDocumentLoader } from './document-loader.ts';
import { didDocument, issuerDid } from './issuer-identity.ts';
import { ensureIssuerKey, type IssuerKeys, publicKeyOfSeed, readIssuerKeys } from './issuer-keys.ts';
import { type StatusListCache, statusListCache } from './status-list-cache.ts';

interface Issuer {
  did: string;
  /** The current keys; re-read now and then, so a rotation reaches every running instance. */
  keys(): Promise<IssuerKeys>;
  didDocument(): Promise<DidDocument>;
  documentLoader: DocumentLoader;
  /** Signs with the current key: a Data Integrity proof, eddsa-rdfc-2022. */
  sign(credential: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** The key that signs right now, to tell a stored credential it must be signed again. */
  signingKeyId(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    issuer: Issuer;
    /** Signed status lists, built from the database and kept briefly. */
    statusLists: StatusListCache;
  }
}

/** How long an instance trusts its copy of the key list. */
const KEYS_TTL_MS = 30_000;

export default fp(
  async (app) => {
    const masterSecret = resolveMasterSecret(app.config);
    const seed = app.config.issuerKeySeed;
    await ensureIssuerKey(app.db, masterSecret, seed);
    const did = issuerDid(app.config.publicUrl);
    const pinned = seed ? await publicKeyOfSeed(seed) : undefined;

    let cached: { at: number; keys: Promise<IssuerKeys> } | undefined;
    const keys = () => {
      if (!cached || Date.now() - cached.at > KEYS_TTL_MS) {
        const reading = readIssuerKeys(app.db, { masterSecret, did, pinned });
        // A failed read is not kept: the next caller tries again.
        reading.catch(() => {
          if (cached?.keys === reading) cached = undefined;
        });
        cached = { at: Date.now(), keys: reading };
      }
      return cached.keys;
    };
    const document = async () => didDocument(did, (await keys()).published);
    const documentLoader = offlineDocumentLoader(did, document);

    app.decorate('issuer', {
      did,
      keys,
      didDocument: document,
      documentLoader,
      signingKeyId: async () => (await keys()).signing.publicKeyMultibase,
      async sign(credential) {
        const { signing } = await keys();
        const suite = new DataIntegrityProof({ signer: signing.pair.signer(), cryptosuite });
        const signed = await vc.issue({ credential, suite, documentLoader });
        // A list of proofs, as the Open Badges 3.0 JSON schema expects; VC 2.0 allows either.
        return { ...signed, proof: [signed.proof].flat() };
      },
    } satisfies Issuer);
    app.decorate('statusLists', statusListCache(app));
  },
  { name: 'issuer', dependencies: ['core'] },
);
