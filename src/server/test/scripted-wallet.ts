import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { Ed25519Signature2020 } from '@digitalbazaar/ed25519-signature-2020';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { Ed25519Signature2020 as DccEd25519Signature2020 } from '@digitalcredentials/ed25519-signature-2020';
import { Ed25519VerificationKey2020 } from '@digitalcredentials/ed25519-verification-key-2020';
import { securityLoader } from '@digitalcredentials/security-document-loader';
import * as dccVc from '@digitalcredentials/vc';
import type { TestApp } from './test-app.ts';

// A wallet in a test, doing what the Learner Credential Wallet does: read the interaction URL, post
// `{}` to the exchange, sign a DID authentication presentation with its did:key, post that.

const documentLoader = securityLoader({ fetchRemoteContexts: false }).build();

export interface Holder {
  did: string;
  /** A presentation proving control of `did`, as the wallet signs it (Ed25519Signature2020 by default). */
  present(options: {
    challenge: string;
    domain: string;
    suite?: 'ed25519-2020' | 'eddsa-rdfc-2022';
  }): Promise<Record<string, unknown>>;
}

/**
 * A did:key holder. With `impostorOf`, a holder that names another holder's DID as its own, signing
 * with its own key under its own key id (`keyId: 'own'`) or under the other's key id (`'theirs'`).
 */
export async function newHolder(impostorOf?: { holder: Holder; keyId: 'own' | 'theirs' }): Promise<Holder> {
  const key = await Ed25519Multikey.generate();
  const ownDid = `did:key:${key.publicKeyMultibase}`;
  key.controller = ownDid;
  key.id = `${ownDid}#${key.publicKeyMultibase}`;
  const did = impostorOf?.holder.did ?? ownDid;
  return {
    did,
    async present({ challenge, domain, suite = 'ed25519-2020' }) {
      const signer = key.signer();
      if (impostorOf?.keyId === 'theirs') signer.id = `${did}#${did.slice('did:key:'.length)}`;
      return vc.signPresentation({
        presentation: vc.createPresentation({ holder: did }),
        suite:
          suite === 'ed25519-2020'
            ? new Ed25519Signature2020({ signer })
            : new DataIntegrityProof({ signer, cryptosuite }),
        challenge,
        domain,
        documentLoader,
      });
    },
  };
}

/**
 * A holder whose key and presentation are made as the Learner Credential Wallet makes them: an
 * Ed25519VerificationKey2020 key named by its fingerprint, and the DCC's vc and signature libraries.
 */
export async function lcwHolder(): Promise<Holder> {
  const key = await Ed25519VerificationKey2020.generate();
  const did = `did:key:${key.fingerprint()}`;
  key.controller = did;
  key.id = `${did}#${key.fingerprint()}`;
  return {
    did,
    present: ({ challenge, domain }) =>
      dccVc.signPresentation({
        presentation: dccVc.createPresentation({ holder: did, verify: false }),
        challenge,
        domain,
        documentLoader,
        suite: new DccEd25519Signature2020({ signer: key.signer() }),
      }),
  };
}

export interface Answer<T = Record<string, unknown>> {
  statusCode: number;
  body: T;
}

/** The wallet's HTTP: absolute URLs of the test public address, sent to the app under test. */
export function walletHttp(harness: Pick<TestApp, 'app'>) {
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };
  return {
    async get(url: string): Promise<Answer> {
      const response = await harness.app.inject({
        method: 'GET',
        url: pathOf(url),
        headers: { accept: 'application/json' },
      });
      return { statusCode: response.statusCode, body: response.json() };
    },
    async post(url: string, payload: Record<string, unknown>): Promise<Answer> {
      const response = await harness.app.inject({ method: 'POST', url: pathOf(url), payload });
      return { statusCode: response.statusCode, body: response.json() };
    },
  };
}

interface PresentationRequest {
  verifiablePresentationRequest: { query: { type: string }[]; challenge: string; domain: string };
}

/** Walks an interaction URL to the presentation request: the wallet's first two steps. */
export async function requestOf(harness: TestApp, interactionUrl: string) {
  const http = walletHttp(harness);
  const interaction = await http.get(interactionUrl);
  if (interaction.statusCode !== 200) throw new Error(`interaction: ${JSON.stringify(interaction.body)}`);
  const exchangeUrl = (interaction.body as { protocols: { vcapi: string } }).protocols.vcapi;
  const first = await http.post(exchangeUrl, {});
  if (first.statusCode !== 200) throw new Error(`exchange: ${JSON.stringify(first.body)}`);
  return {
    exchangeUrl,
    request: (first.body as unknown as PresentationRequest).verifiablePresentationRequest,
  };
}
