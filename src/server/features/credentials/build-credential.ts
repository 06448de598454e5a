import { recordPageUrl } from '#shared/record-page.ts';
import { courseExpiryDate } from '#shared/rules/course-validity.ts';

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OPEN_BADGES_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

/**
 * What a credential is made of: only what the public record page already shows. Not the FIN, not
 * even hashed: a FIN has so few possible values that whoever holds a hash anyone can compute tries
 * them all; the portal answers whether a FIN matches (check-fin.ts).
 */
export interface CredentialFacts {
  personId: string;
  name: string;
  tradeTested: string;
  testLevel: string;
  testResult: string;
  passedDate: string;
}

export interface CredentialSettings {
  publicUrl: string;
  did: string;
  issuerName: string;
  validityYears: number;
  status: { listUrl: string; index: number };
}

/** An unsigned OpenBadgeCredential (Open Badges 3.0 in the VC 2.0 data model) for one record. */
export function buildCredential(facts: CredentialFacts, settings: CredentialSettings) {
  const { publicUrl, did, status } = settings;
  const recordUrl = recordPageUrl(publicUrl, facts.personId);
  const achievementName = `${facts.tradeTested} (${facts.testLevel})`;
  return {
    '@context': [VC_V2_CONTEXT, OPEN_BADGES_CONTEXT],
    id: recordUrl,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: achievementName,
    issuer: { id: did, type: ['Profile'], name: settings.issuerName, url: publicUrl },
    validFrom: `${facts.passedDate}T00:00:00Z`,
    // The course is available through the end of its expiry day, UTC (shared/rules/course-validity).
    validUntil: `${courseExpiryDate(facts.passedDate, settings.validityYears)}T23:59:59Z`,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: facts.name }],
      achievement: {
        id: `${recordUrl}#achievement`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: achievementName,
        description: `${facts.tradeTested}, ${facts.testLevel}: trade test by ${settings.issuerName}.`,
        criteria: { narrative: `Take the ${facts.tradeTested} trade test at ${facts.testLevel}.` },
      },
      result: [{ type: ['Result'], value: facts.testResult }],
    },
    credentialStatus: {
      id: `${status.listUrl}#${status.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(status.index),
      statusListCredential: status.listUrl,
    },
  };
}
