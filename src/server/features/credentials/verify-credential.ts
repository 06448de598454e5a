import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import type { FastifyInstance } from 'fastify';
import type {
  CredentialCheck,
  CredentialCheckName,
  CredentialVerification,
} from '#shared/api/credentials.ts';
import { checkStatus } from './check-status.ts';
import { issuerIdOf, measureJson, type OpenBadgeShape, openBadgeShape, proofOf } from './credential-shape.ts';

/**
 * Canonicalising a document for its signature costs CPU with every node: a 215 kB file claiming to
 * be ours with 2,500 identifiers took 2.1 s. Ours have about 25 objects and arrays; a file with
 * eight times that is not one of ours, and its signature is not worked out.
 */
const MAX_PARTS = 200;

const notChecked = (check: CredentialCheckName, why: string): CredentialCheck => ({
  check,
  outcome: 'unchecked',
  message: `Not checked: ${why}`,
});

const day = (at: string) => new Date(at).toISOString().slice(0, 10);

function checkValidity(credential: OpenBadgeShape, now = new Date()): CredentialCheck {
  const from = Date.parse(credential.validFrom);
  const until = credential.validUntil ? Date.parse(credential.validUntil) : Number.POSITIVE_INFINITY;
  const validFrom = day(credential.validFrom);
  const validUntil = credential.validUntil ? day(credential.validUntil) : undefined;
  if (now.getTime() < from) {
    return { check: 'validity', outcome: 'fail', message: `Not valid before ${validFrom}.`, date: validFrom };
  }
  if (now.getTime() > until) {
    return { check: 'validity', outcome: 'fail', message: `Expired on ${validUntil}.`, date: validUntil };
  }
  const end = validUntil ? ` until ${validUntil}` : '';
  return {
    check: 'validity',
    outcome: 'pass',
    message: `Valid from ${validFrom}${end}.`,
    ...(validUntil ? { date: validUntil } : {}),
  };
}

/** `submitted` is the document as it came: the parsed shape drops fields the proof also covers. */
async function checkSignature(
  app: FastifyInstance,
  submitted: unknown,
  credential: OpenBadgeShape,
): Promise<CredentialCheck> {
  const fail = (message: string): CredentialCheck => ({ check: 'signature', outcome: 'fail', message });
  if (!proofOf(credential).verificationMethod.startsWith(`${app.issuer.did}#`)) {
    return fail('The proof names a key that is not this portal\u2019s.');
  }
  try {
    const result = await vc.verifyCredential({
      credential: submitted,
      suite: new DataIntegrityProof({ cryptosuite }),
      documentLoader: app.issuer.documentLoader,
      // Dates and status are checks of their own: here only the proof is judged.
      now: credential.validFrom,
      checkStatus: async () => ({ verified: true }),
    });
    if (result.verified)
      return {
        check: 'signature',
        outcome: 'pass',
        message: 'The signature holds: nothing was changed since signing.',
      };
  } catch {
    // A document the JSON-LD processor rejects has no signature that holds either.
  }
  return fail(
    'The signature does not hold: the credential was changed after signing, or not signed by this portal.',
  );
}

/** Every check of a submitted credential, each with its own line; never a pass for what could not run. */
export async function verifyCredential(app: FastifyInstance, body: unknown): Promise<CredentialVerification> {
  const parsed = openBadgeShape.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')} ` : '';
    const why = 'the credential is not well formed.';
    return finish([
      {
        check: 'format',
        outcome: 'fail',
        message: `Not an Open Badges 3.0 credential: ${where}${issue?.message ?? 'is invalid'}.`,
      },
      notChecked('signature', why),
      notChecked('issuer', why),
      notChecked('status', why),
      notChecked('validity', why),
    ]);
  }
  const credential = parsed.data;
  const format: CredentialCheck = {
    check: 'format',
    outcome: 'pass',
    message: 'An Open Badges 3.0 credential (W3C VC 2.0), signed with eddsa-rdfc-2022.',
  };
  const issuerId = issuerIdOf(credential);
  if (issuerId !== app.issuer.did) {
    const why = 'only credentials issued by this portal are checked here.';
    return finish([
      format,
      notChecked('signature', why),
      {
        check: 'issuer',
        outcome: 'fail',
        message:
          'Unknown issuer: this credential was not issued by this portal, and its issuer was not contacted.',
      },
      notChecked('status', why),
      notChecked('validity', why),
    ]);
  }
  const signature =
    measureJson(body).parts > MAX_PARTS
      ? notChecked('signature', 'the file has far more parts than a credential from this portal.')
      : await checkSignature(app, body, credential);
  const issuer: CredentialCheck = {
    check: 'issuer',
    outcome: 'pass',
    message: `${app.content.site.issuerName} (${app.issuer.did}).`,
  };
  if (signature.outcome !== 'pass') {
    const why = 'without a valid signature its content cannot be trusted.';
    return finish([format, signature, issuer, notChecked('status', why), notChecked('validity', why)]);
  }
  return finish([
    format,
    signature,
    issuer,
    await checkStatus(app, credential.credentialStatus),
    checkValidity(credential),
  ]);
}

const finish = (checks: CredentialCheck[]): CredentialVerification => ({
  verified: checks.every((check) => check.outcome === 'pass'),
  checks,
});
