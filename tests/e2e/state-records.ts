import type { Page } from '@playwright/test';
import type { PersonView } from '../../src/shared/api/people.ts';
import { appOrigin, createPersonByApi, daysAgo, expect, newRecord, uniqueTag } from './fixtures.ts';

/** The browser tests' server runs with the default validity unless the environment says otherwise. */
export const validityYears = Number(process.env.CERT_VALIDITY_YEARS ?? 2);

export interface StateRecords {
  valid: PersonView;
  expired: PersonView;
  revoked: PersonView;
}

/**
 * A valid, an expired (passed three validity periods ago) and a revoked record, made through the
 * staff API by a signed-in `page`, which is then signed out: from there on it is an employer's.
 */
export async function makeStateRecords(page: Page): Promise<StateRecords> {
  const tag = uniqueTag();
  const make = (suffix: string, passedDate: string, withPdf = false) =>
    createPersonByApi(page.request, newRecord(`${tag}${suffix}`, { passedDate }), { withPdf });
  const [valid, expired, revoked] = await Promise.all([
    make('V', daysAgo(30).iso),
    make('X', daysAgo(validityYears * 3 * 366).iso),
    // With a PDF: a revoked record must not offer it.
    make('R', daysAgo(30).iso, true),
  ]);
  const response = await page.request.post(`/api/people/${revoked.id}/revoke`, {
    headers: { origin: appOrigin() },
    data: { reason: 'Issued in error' },
  });
  expect(response.status()).toBe(200);
  await page.context().clearCookies();
  return { valid, expired, revoked };
}
