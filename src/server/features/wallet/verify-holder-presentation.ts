import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { Ed25519Signature2020 } from '@digitalbazaar/ed25519-signature-2020';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import type { DocumentLoader } from '@digitalbazaar/vc';
import * as vc from '@digitalbazaar/vc';
import { securityLoader } from '@digitalcredentials/security-document-loader';
import { invalidInput } from '../../errors.ts';

// Shipped contexts, and did:key documents, which are computed from the DID itself. Any other DID
// would mean fetching it from wherever the holder says: refused, so a presentation reaches no network.
const shipped = securityLoader({ fetchRemoteContexts: false }).build();
const holderDocumentLoader: DocumentLoader = async (url) => {
  if (url.startsWith('did:') && !url.startsWith('did:key:')) throw new Error('Only did:key is resolved.');
  return shipped(url);
};

/** The wallet signs with Ed25519Signature2020 today; eddsa-rdfc-2022 is what newer wallets use. */
const suites = () => [new Ed25519Signature2020(), new DataIntegrityProof({ cryptosuite })];

const holderOf = (presentation: Record<string, unknown>): string | undefined => {
  const { holder } = presentation;
  const id = typeof holder === 'object' && holder !== null ? (holder as { id?: unknown }).id : holder;
  return typeof id === 'string' ? id : undefined;
};

const proofsOf = (presentation: Record<string, unknown>) =>
  [presentation.proof].flat().filter((proof): proof is { verificationMethod?: unknown } => !!proof);

/**
 * The holder's DID, when the presentation is signed for this exchange's challenge and our domain
 * by a key of that DID (DID authentication). Anything else is refused with plain words.
 */
export async function verifyHolderPresentation(
  presentation: unknown,
  expected: { challenge: string; domain: string },
): Promise<string> {
  if (typeof presentation !== 'object' || presentation === null || Array.isArray(presentation))
    throw invalidInput('The wallet sent no presentation: a JSON object was expected.');
  const record = presentation as Record<string, unknown>;
  const holder = holderOf(record);
  if (!holder?.startsWith('did:key:'))
    throw invalidInput('The presentation must name its holder as a did:key DID.');
  const proofs = proofsOf(record);
  // Each proof must come from the holder's own keys: the key's id is the holder DID and a fragment.
  const byHolder = proofs.every(
    (proof) =>
      typeof proof.verificationMethod === 'string' && proof.verificationMethod.startsWith(`${holder}#`),
  );
  if (proofs.length === 0 || !byHolder)
    throw invalidInput('The presentation is not signed by a key of its holder.');

  const result = await vc
    .verify({ presentation, ...expected, suite: suites(), documentLoader: holderDocumentLoader })
    .catch(() => ({ verified: false }));
  if (!result.verified)
    throw invalidInput(
      'The presentation could not be verified: its signature, challenge or domain is not the one this exchange asked for.',
    );
  return holder;
}
