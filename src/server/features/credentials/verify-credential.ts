import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import type { I18n } from '@lingui/core';
import type { FastifyInstance } from 'fastify';
import type {
  CredentialCheck,
  CredentialCheckName,
  CredentialVerification,
} from '#shared/api/credentials.ts';
import { isPassed } from '#shared/rules/test-result.ts';
import { checkStatus } from './check-status.ts';
import { issuerIdOf, measureJson, type OpenBadgeShape, openBadgeShape, proofOf } from './credential-shape.ts';

/**
 * Canonicalising a document for its signature costs CPU with every node: a 215 kB file claiming to
 * be ours with 2,500 identifiers took 2.1 s. Ours have about 25 objects and arrays; a file with
 * eight times that is not one of ours, and its signature is not worked out.
 */
const MAX_PARTS = 200;

/** The lines' words, in the language the checker's page asks for (`?lang=`). */
const texts = {
  notChecked: /*i18n*/ { id: 'Not checked: {why}' },
  notBefore: /*i18n*/ { id: 'Not valid before {date}.' },
  expiredOn: /*i18n*/ { id: 'Expired on {date}.' },
  validFrom: /*i18n*/ { id: 'Valid from {from}.' },
  validFromUntil: /*i18n*/ { id: 'Valid from {from} until {until}.' },
  otherKey: /*i18n*/ { id: 'The proof names a key that is not this portal\u2019s.' },
  holds: /*i18n*/ { id: 'The signature holds: nothing was changed since signing.' },
  doesNotHold: /*i18n*/ {
    id: 'The signature does not hold: the credential was changed after signing, or not signed by this portal.',
  },
  notOpenBadge: /*i18n*/ { id: 'Not an Open Badges 3.0 credential: {problem}.' },
  notWellFormed: /*i18n*/ { id: 'the credential is not well formed.' },
  openBadge: /*i18n*/ { id: 'An Open Badges 3.0 credential (W3C VC 2.0), signed with eddsa-rdfc-2022.' },
  onlyOurs: /*i18n*/ { id: 'only credentials issued by this portal are checked here.' },
  unknownIssuer: /*i18n*/ {
    id: 'Unknown issuer: this credential was not issued by this portal, and its issuer was not contacted.',
  },
  tooManyParts: /*i18n*/ { id: 'the file has far more parts than a credential from this portal.' },
  untrusted: /*i18n*/ { id: 'without a valid signature its content cannot be trusted.' },
  resultPassed: /*i18n*/ { id: 'The result is {result}.' },
  resultNotPassed: /*i18n*/ { id: 'The result is {result}: a training record, not an e-Cert.' },
  noResult: /*i18n*/ { id: 'The credential states no result, so it is not an e-Cert.' },
};

const notChecked = (i18n: I18n, check: CredentialCheckName, why: { id: string }): CredentialCheck => ({
  check,
  outcome: 'unchecked',
  message: i18n._(texts.notChecked.id, { why: i18n._(why.id) }),
});

const day = (at: string) => new Date(at).toISOString().slice(0, 10);

function checkValidity(credential: OpenBadgeShape, i18n: I18n, now = new Date()): CredentialCheck {
  const from = Date.parse(credential.validFrom);
  const until = credential.validUntil ? Date.parse(credential.validUntil) : Number.POSITIVE_INFINITY;
  const validFrom = day(credential.validFrom);
  const validUntil = credential.validUntil ? day(credential.validUntil) : undefined;
  if (now.getTime() < from) {
    const message = i18n._(texts.notBefore.id, { date: validFrom });
    return { check: 'validity', outcome: 'fail', message, date: validFrom };
  }
  if (now.getTime() > until) {
    const message = i18n._(texts.expiredOn.id, { date: validUntil });
    return { check: 'validity', outcome: 'fail', message, date: validUntil };
  }
  return {
    check: 'validity',
    outcome: 'pass',
    message: validUntil
      ? i18n._(texts.validFromUntil.id, { from: validFrom, until: validUntil })
      : i18n._(texts.validFrom.id, { from: validFrom }),
    ...(validUntil ? { date: validUntil } : {}),
  };
}

/** The result the credential states (build-credential.ts): only a pass is an e-Cert. */
function checkResult(credential: OpenBadgeShape, i18n: I18n): CredentialCheck {
  const [first] = [credential.credentialSubject.result].flat() as ({ value?: unknown } | undefined)[];
  const result = typeof first?.value === 'string' ? first.value : undefined;
  if (result === undefined) return { check: 'result', outcome: 'fail', message: i18n._(texts.noResult.id) };
  return isPassed(result)
    ? { check: 'result', outcome: 'pass', message: i18n._(texts.resultPassed.id, { result }), result }
    : { check: 'result', outcome: 'fail', message: i18n._(texts.resultNotPassed.id, { result }), result };
}

/** `submitted` is the document as it came: the parsed shape drops fields the proof also covers. */
async function checkSignature(
  app: FastifyInstance,
  submitted: unknown,
  credential: OpenBadgeShape,
  i18n: I18n,
): Promise<CredentialCheck> {
  const fail = (why: { id: string }): CredentialCheck => ({
    check: 'signature',
    outcome: 'fail',
    message: i18n._(why.id),
  });
  if (!proofOf(credential).verificationMethod.startsWith(`${app.issuer.did}#`)) {
    return fail(texts.otherKey);
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
        message: i18n._(texts.holds.id),
      };
  } catch {
    // A document the JSON-LD processor rejects has no signature that holds either.
  }
  return fail(texts.doesNotHold);
}

/** Every check of a submitted credential, each with its own line; never a pass for what could not run. */
export async function verifyCredential(
  app: FastifyInstance,
  body: unknown,
  i18n: I18n,
): Promise<CredentialVerification> {
  const parsed = openBadgeShape.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')} ` : '';
    const why = texts.notWellFormed;
    // The schema's own words name the field and what is wrong with it: they stay as they are.
    const problem = `${where}${issue?.message ?? 'is invalid'}`;
    return finish([
      { check: 'format', outcome: 'fail', message: i18n._(texts.notOpenBadge.id, { problem }) },
      notChecked(i18n, 'signature', why),
      notChecked(i18n, 'issuer', why),
      notChecked(i18n, 'result', why),
      notChecked(i18n, 'status', why),
      notChecked(i18n, 'validity', why),
    ]);
  }
  const credential = parsed.data;
  const format: CredentialCheck = {
    check: 'format',
    outcome: 'pass',
    message: i18n._(texts.openBadge.id),
  };
  const issuerId = issuerIdOf(credential);
  if (issuerId !== app.issuer.did) {
    const why = texts.onlyOurs;
    return finish([
      format,
      notChecked(i18n, 'signature', why),
      { check: 'issuer', outcome: 'fail', message: i18n._(texts.unknownIssuer.id) },
      notChecked(i18n, 'result', why),
      notChecked(i18n, 'status', why),
      notChecked(i18n, 'validity', why),
    ]);
  }
  const signature =
    measureJson(body).parts > MAX_PARTS
      ? notChecked(i18n, 'signature', texts.tooManyParts)
      : await checkSignature(app, body, credential, i18n);
  const issuer: CredentialCheck = {
    check: 'issuer',
    outcome: 'pass',
    message: `${app.content.site.issuerName} (${app.issuer.did}).`,
  };
  if (signature.outcome !== 'pass') {
    const why = texts.untrusted;
    return finish([
      format,
      signature,
      issuer,
      notChecked(i18n, 'result', why),
      notChecked(i18n, 'status', why),
      notChecked(i18n, 'validity', why),
    ]);
  }
  return finish([
    format,
    signature,
    issuer,
    checkResult(credential, i18n),
    await checkStatus(app, credential.credentialStatus, i18n),
    checkValidity(credential, i18n),
  ]);
}

const finish = (checks: CredentialCheck[]): CredentialVerification => ({
  verified: checks.every((check) => check.outcome === 'pass'),
  checks,
});
