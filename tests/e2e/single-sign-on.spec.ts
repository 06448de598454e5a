import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { builtServer } from '../../scripts/build-server.mjs';
import { freePort } from '../../src/server/test/free-port.ts';
import { untilHealthy } from '../../src/server/test/until-healthy.ts';
import { expect, expectNoAxeViolations, openPage, test } from './fixtures.ts';

/** Who the provider signs in next: its /authorize signs them in at once. */
let person: Record<string, unknown> = {};
let provider: OAuth2Server;
let server: ChildProcess;
let portal = '';
let dataDir = '';

/**
 * The built portal in a process of its own, with single sign-on through a real OpenID Connect
 * provider on loopback (oauth2-mock-server) and password sign-in off.
 */
async function startPortal(issuer: string) {
  const port = await freePort();
  portal = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-e2e-sso-'));
  server = spawn(process.execPath, [builtServer], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: portal,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'ecert-portal',
      OIDC_CLIENT_SECRET: 'a client secret for tests',
      OIDC_DISPLAY_NAME: 'Contoso',
      OIDC_ALLOWED_DOMAINS: 'contoso.com',
      OIDC_ADMIN_VALUE: 'ecert-admins',
      PASSWORD_SIGN_IN: 'false',
    },
  });
  let printed = '';
  for (const stream of [server.stdout, server.stderr])
    stream?.on('data', (chunk) => {
      printed += chunk;
    });
  // Migrations and the page renderer take a while on a busy 2-core machine.
  await untilHealthy(server, portal, () => printed, 240_000);
}

test.describe('single sign-on with password sign-in off', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  test.beforeAll(async () => {
    // A hook keeps the config's 60 s whatever the group's timeout; starting a portal can take longer.
    test.setTimeout(300_000);
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, person));
    await startPortal(provider.issuer.url as string);
  });
  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await provider?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the login page has no password form, and its button signs in through the provider', async ({
    page,
  }) => {
    person = {
      sub: 'nora',
      email: 'nora@contoso.com',
      email_verified: true,
      name: 'Nora',
      groups: ['sales'],
    };
    await openPage(page, `${portal}/login`, 'Login');
    const button = page.getByRole('button', { name: 'Sign in with Contoso' });
    await expect(button).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await button.click();
    await expect(page).toHaveURL(`${portal}/dashboard`, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard', { timeout: 15_000 });

    // No password to change or to confirm two-factor set-up with: the Account page says where they live.
    await page.goto(`${portal}/dashboard/account`);
    await expect(page.getByText('You sign in with Contoso.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a refused sign-in comes back to the login page saying why', async ({ page }) => {
    person = { sub: 'eve', email: 'eve@evil.example', email_verified: true, name: 'Eve' };
    await openPage(page, `${portal}/login`, 'Login');
    await page.getByRole('button', { name: 'Sign in with Contoso' }).click();

    await expect(page).toHaveURL(/\/login\?error=domain_not_allowed/, { timeout: 15_000 });
    await expect(page.getByRole('alert')).toHaveText(/This email address may not sign in to this portal/);
    await expectNoAxeViolations(page);
  });
});
