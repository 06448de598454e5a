import { Alert } from '@mantine/core';
import type { VerifierView } from '#shared/api/verifiers.ts';
import { NO_MATCH_ALERT_SHARE } from '#shared/rules/no-match-share.ts';

/** Names the accounts whose rows miss so often that someone may be guessing identification numbers. */
export function NoMatchAlert({ verifiers }: { verifiers: VerifierView[] }) {
  const flagged = verifiers.filter((verifier) => verifier.noMatchAlert);
  if (flagged.length === 0) return null;
  return (
    <Alert color="red" role="alert" title="Many rows without a match">
      Over {NO_MATCH_ALERT_SHARE * 100}% of the rows checked in the last seven days had no match for:{' '}
      {flagged.map((v) => `${v.companyName} (${v.noMatchesLastWeek} of ${v.checksLastWeek})`).join(', ')}.
      Someone may be guessing: read their checks, and suspend the account if need be.
    </Alert>
  );
}
