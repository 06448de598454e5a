import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteResponse } from '#shared/api/site.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const siteFile = JSON.parse(fs.readFileSync(path.resolve('content/site.json'), 'utf8'));

describe('GET /api/site', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ VERIFY_WAIT_SECONDS: '7' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('returns the brand from content/site.json', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/site' });

    expect(response.statusCode).toBe(200);
    const site = response.json<SiteResponse>();
    expect(site.issuerName).toBe('Demo Skills Institute');
    expect(site.tagline).toBe('Discover training opportunities, check your e-Certs and more.');
    expect(site.popularSearches).toHaveLength(3);
    expect(site.popularSearches).toEqual(siteFile.popularSearches);
    expect(site.publicUrl).toBe(testApp.app.config.publicUrl);
    expect(site.portalName).toBe(siteFile.portalName);
  });

  it('reports the verification wait from VERIFY_WAIT_SECONDS', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/site' });

    expect(response.json<SiteResponse>().verification).toEqual({ waitSeconds: 7, interstitialUrl: null });
  });
});
