import type { CredentialCheckName, CredentialVerification } from '#shared/api/credentials.ts';
import { formatDate } from '#shared/format-date.ts';
import type { CredentialFacts } from './credential-facts.ts';

/** Valid, not valid, or not (fully) checked: the verdict's colour and icon. */
export type VerdictTone = 'valid' | 'invalid' | 'unsure';

export interface Verdict {
  tone: VerdictTone;
  title: string;
  body: string;
}

const whose = ({ holder, course }: CredentialFacts) =>
  holder && course
    ? `the e-Cert of ${holder} for ${course}`
    : holder
      ? `the e-Cert of ${holder}`
      : course
        ? `an e-Cert for ${course}`
        : 'an e-Cert';

const capitalised = (phrase: string) => phrase.charAt(0).toUpperCase() + phrase.slice(1);

/**
 * The checks in plain words for an employer: one verdict that leads, naming whose certificate it
 * is, for which course and from which issuer. The first check that did not pass decides it, in
 * the order the server checks; revoked wins over expired. `today` is YYYY-MM-DD.
 */
export function verdictOf(
  result: CredentialVerification,
  facts: CredentialFacts,
  issuer: string,
  today = new Date().toISOString().slice(0, 10),
): Verdict {
  const check = (name: CredentialCheckName) => result.checks.find((line) => line.check === name);
  const date = (name: CredentialCheckName) => formatDate(check(name)?.date);
  const it = `This is ${whose(facts)}, issued by ${issuer}.`;

  if (result.verified) {
    return {
      tone: 'valid',
      title: 'Valid e-Cert',
      body: `${it} It has not been changed or revoked, and it is valid until ${date('validity')}.`,
    };
  }
  if (check('format')?.outcome !== 'pass') {
    return {
      tone: 'invalid',
      title: 'Not an e-Cert credential',
      body: `This file is not a credential in the form ${issuer} issues. Download the credential again from the certificate's record page and check that file.`,
    };
  }
  if (check('issuer')?.outcome !== 'pass') {
    return {
      tone: 'unsure',
      title: `Not checked: not issued by ${issuer}`,
      body: `This page checks only e-Certs issued by ${issuer}. Ask the issuer named in the file to check it.`,
    };
  }
  const signature = check('signature')?.outcome;
  if (signature === 'fail') {
    return {
      tone: 'invalid',
      title: 'Not valid: this file was changed',
      body: `It claims to be ${whose(facts)}, but it was changed after it was signed, or ${issuer} did not sign it. Do not rely on anything in it.`,
    };
  }
  if (signature !== 'pass') {
    return {
      tone: 'unsure',
      title: 'Could not be checked',
      body: `It claims to be ${whose(facts)}, but its signature could not be checked. Do not treat it as valid.`,
    };
  }
  const status = check('status')?.outcome;
  if (status === 'fail') {
    return {
      tone: 'invalid',
      title: 'Not valid: this e-Cert was revoked',
      body: `${capitalised(whose(facts))}, issued by ${issuer}, was revoked on ${date('status')}.`,
    };
  }
  if (check('validity')?.outcome === 'fail') {
    const notYet = (check('validity')?.date ?? '') > today;
    return notYet
      ? { tone: 'invalid', title: 'Not valid yet', body: `${it} It is valid from ${date('validity')}.` }
      : {
          tone: 'invalid',
          title: 'Not valid: this e-Cert has expired',
          body: `${it} It was valid until ${date('validity')}.`,
        };
  }
  return {
    tone: 'unsure',
    title: 'Could not be fully checked',
    body: `${it} Whether it was revoked could not be checked, so do not treat it as valid yet.`,
  };
}
