import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { dateIn } from '#client/lib/i18n/format-date.ts';
import type { CredentialCheckName, CredentialVerification } from '#shared/api/credentials.ts';
import type { CredentialFacts } from './credential-facts.ts';

/** Valid, not valid, or not (fully) checked: the verdict's colour and icon. */
export type VerdictTone = 'valid' | 'invalid' | 'unsure';

export interface Verdict {
  tone: VerdictTone;
  title: string;
  body: string;
}

/** Whose e-Cert it is, as a phrase in the middle of a sentence. */
const whose = (i18n: I18n, { holder, course }: CredentialFacts) =>
  i18n._(
    holder && course
      ? msg`the e-Cert of ${holder} for ${course}`
      : holder
        ? msg`the e-Cert of ${holder}`
        : course
          ? msg`an e-Cert for ${course}`
          : msg`an e-Cert`,
  );

// Only a language with capitals has the phrase begin with one; it starts a sentence there.
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
  i18n: I18n,
  today = new Date().toISOString().slice(0, 10),
): Verdict {
  const check = (name: CredentialCheckName) => result.checks.find((line) => line.check === name);
  const date = (name: CredentialCheckName) => dateIn(i18n, check(name)?.date);
  const ecert = whose(i18n, facts);
  const it = i18n._(msg`This is ${ecert}, issued by ${issuer}.`);
  const until = date('validity');

  // Only a PDF has its page compared: the printed facts, not every word on it.
  const page = check('page')?.outcome;
  if (result.verified) {
    return {
      tone: 'valid',
      title: i18n._(msg`Valid e-Cert`),
      body:
        page === 'pass'
          ? i18n._(
              msg`${it} Its signed credential has not been changed or revoked, and it is valid until ${until}. The name, course, level, result and date printed on the PDF are those of the credential; the rest of the page was not compared.`,
            )
          : i18n._(msg`${it} It has not been changed or revoked, and it is valid until ${until}.`),
    };
  }
  if (check('format')?.outcome !== 'pass') {
    return {
      tone: 'invalid',
      title: i18n._(msg`Not an e-Cert credential`),
      body: i18n._(
        msg`This file is not a credential in the form ${issuer} issues. Download the credential again from the certificate's record page and check that file.`,
      ),
    };
  }
  if (check('issuer')?.outcome !== 'pass') {
    return {
      tone: 'unsure',
      title: i18n._(msg`Not checked: not issued by ${issuer}`),
      body: i18n._(
        msg`This page checks only e-Certs issued by ${issuer}. Ask the issuer named in the file to check it.`,
      ),
    };
  }
  const signature = check('signature')?.outcome;
  if (signature === 'fail') {
    return {
      tone: 'invalid',
      title: i18n._(msg`Not valid: this file was changed`),
      body: i18n._(
        msg`It claims to be ${ecert}, but it was changed after it was signed, or ${issuer} did not sign it. Do not rely on anything in it.`,
      ),
    };
  }
  if (signature !== 'pass') {
    return {
      tone: 'unsure',
      title: i18n._(msg`Could not be checked`),
      body: i18n._(
        msg`It claims to be ${ecert}, but its signature could not be checked. Do not treat it as valid.`,
      ),
    };
  }
  if (page === 'fail') {
    return {
      tone: 'invalid',
      title: i18n._(msg`Not valid: this PDF was changed`),
      body: i18n._(
        msg`What its page prints is not what its signed credential says. The credential is ${ecert}, issued by ${issuer}: rely on that, not on the printed page.`,
      ),
    };
  }
  const resultCheck = check('result');
  if (resultCheck?.outcome === 'fail') {
    const stated = resultCheck.result;
    return {
      tone: 'invalid',
      title: stated
        ? i18n._(msg`Not an e-Cert: the result is ${stated}`)
        : i18n._(msg`Not an e-Cert: no result`),
      body: i18n._(
        msg`It claims to be ${ecert}, but only a passed result is an e-Cert. Do not treat it as a valid e-Cert.`,
      ),
    };
  }
  const status = check('status')?.outcome;
  if (status === 'fail') {
    const revokedOn = date('status');
    const Ecert = capitalised(ecert);
    const changedTo = check('status')?.result;
    if (changedTo) {
      return {
        tone: 'invalid',
        title: i18n._(msg`Not valid: no longer an e-Cert`),
        body: i18n._(
          msg`${Ecert}, issued by ${issuer}, was revoked on ${revokedOn}: the result changed to ${changedTo}.`,
        ),
      };
    }
    return {
      tone: 'invalid',
      title: i18n._(msg`Not valid: this e-Cert was revoked`),
      body: i18n._(msg`${Ecert}, issued by ${issuer}, was revoked on ${revokedOn}.`),
    };
  }
  if (check('validity')?.outcome === 'fail') {
    const notYet = (check('validity')?.date ?? '') > today;
    return notYet
      ? {
          tone: 'invalid',
          title: i18n._(msg`Not valid yet`),
          body: i18n._(msg`${it} It is valid from ${until}.`),
        }
      : {
          tone: 'invalid',
          title: i18n._(msg`Not valid: this e-Cert has expired`),
          body: i18n._(msg`${it} It was valid until ${until}.`),
        };
  }
  if (page === 'unchecked' && status === 'pass') {
    return {
      tone: 'unsure',
      title: i18n._(msg`Only the attached credential was checked`),
      body: i18n._(
        msg`This PDF carries ${ecert}, issued by ${issuer} and valid until ${until}, but what its page prints could not be compared with it. Rely on these details, not on the printed page.`,
      ),
    };
  }
  return {
    tone: 'unsure',
    title: i18n._(msg`Could not be fully checked`),
    body: i18n._(msg`${it} Whether it was revoked could not be checked, so do not treat it as valid yet.`),
  };
}

/** Whatever the file's own verdict, a FIN that is not its holder's means it is not that person's e-Cert. */
export const finMismatchVerdict = (i18n: I18n): Verdict => ({
  tone: 'invalid',
  title: i18n._(msg`This e-Cert does not belong to that FIN`),
  body: i18n._(
    msg`The FIN you typed is not the FIN of the person this e-Cert was issued to. Do not accept it for the person with that FIN.`,
  ),
});
