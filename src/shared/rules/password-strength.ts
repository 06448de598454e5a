import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score 3 ("safely unguessable") is about 10^8 guesses: out of reach online behind the
 * sign-in limits, and costly offline against a scrypt hash. Scores 0-2 are common passwords,
 * keyboard walks, repeats, dates and names.
 */
const LEAST_SCORE = 3;

/** Words that make a password about this portal or its user easy to guess. */
const PORTAL_WORDS = ['ecert', 'e-cert', 'portal', 'certificate'];

const estimator = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...englishDictionary },
  graphs: adjacencyGraphs,
  translations,
});

export interface PasswordStrength {
  strong: boolean;
  /** Why it is easy to guess (zxcvbn's warning), or null. */
  warning: string | null;
  /** How to make it harder to guess. */
  suggestions: string[];
}

/**
 * Whether a new password is hard enough to guess, with zxcvbn's feedback. `personal` holds the
 * account's own words (email, name), which a guesser would try first. The server refuses a
 * password this calls weak; the forms show the same judgement as it is typed.
 */
export function judgePassword(password: string, personal: readonly string[] = []): PasswordStrength {
  const words = personal
    .flatMap((text) => [text, ...text.split(/[\s@.]+/)])
    .filter((word) => word.length > 2);
  const result = estimator.check(password, [...PORTAL_WORDS, ...words]);
  return {
    strong: result.score >= LEAST_SCORE,
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
  };
}

/** The message a refused password gets: the rule, then zxcvbn's reason. */
export const weakPasswordMessage = ({ warning }: PasswordStrength) =>
  warning ? `Password is too easy to guess. ${warning}` : 'Password is too easy to guess.';
