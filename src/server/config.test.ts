import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtServer } from '../../scripts/build-server.mjs';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['VERIFY_RATE_LIMIT', 'lots'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_URL', 'mysql://x'],
    ['MASK_IDENTIFIERS', 'maybe'],
    ['PUBLIC_IDENTITY_DOCUMENTS', 'consented'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['FILE_STORE', 'ftp'],
    ['S3_ENDPOINT', 'not a url'],
  ])('rejects %s=%s with a one-line ConfigError naming the variable', (name, value) => {
    let caught: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      caught = error;
    }

    expect(caught).toBeInstanceOf(ConfigError);
    const { message } = caught as ConfigError;
    expect(message).toContain(name);
    expect(message).not.toMatch(/[\r\n]/);
  });

  it('asks for S3_BUCKET when FILE_STORE is s3', () => {
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET is required/);
    expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'certs' }).s3).toMatchObject({
      bucket: 'certs',
      forcePathStyle: false,
    });
    expect(loadConfig({}).s3).toBeNull();
  });

  it('uses safe defaults when nothing is set', () => {
    const config = loadConfig({});

    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.seedDemo).toBe(true);
    expect(config.verification.rateLimit).toEqual({ max: 20, timeWindowMs: 600_000 });
    expect(config.databasePoolSize).toBe(20);
    expect(config.publicIdentityDocuments).toBe(false);
  });

  it('turns a rate limit off with "off", and sizes the PostgreSQL pool', () => {
    const config = loadConfig({
      VERIFY_RATE_LIMIT: 'off',
      CONTACT_RATE_LIMIT: '2/1h',
      DATABASE_POOL_SIZE: '50',
    });

    expect(config.verification.rateLimit).toBeNull();
    expect(config.contactRateLimit).toEqual({ max: 2, timeWindowMs: 3_600_000 });
    expect(config.databasePoolSize).toBe(50);
  });

  it('trusts X-Forwarded-For only from a count of proxies or their addresses, never from anyone', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
    ]);

    for (const value of [
      'true',
      'yes',
      'TRUE',
      '10.0.0.300',
      '10.0.0.0/33',
      'proxy.internal',
      '1.2.3.4/8/1',
    ]) {
      let caught: unknown;
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (error) {
        caught = error;
      }
      expect(caught, value).toBeInstanceOf(ConfigError);
      const { message } = caught as ConfigError;
      expect(message.split('\n'), value).toHaveLength(1);
      expect(message).toMatch(/^Invalid configuration: TRUST_PROXY must be the number of proxies/);
      expect(message).toContain('true is refused');
    }
  });
});

describe('single sign-on settings', () => {
  const sso = {
    OIDC_ISSUER: 'https://login.contoso.com/',
    OIDC_CLIENT_ID: 'portal',
    OIDC_CLIENT_SECRET: 'secret',
    OIDC_ALLOWED_DOMAINS: 'Contoso.com, contoso.co.uk',
    OIDC_ADMIN_VALUE: 'ecert-admins',
  };

  it('reads the provider, its domains and the administrators’ claim', () => {
    const config = loadConfig({ ...sso, PASSWORD_SIGN_IN: 'false' });

    expect(config.passwordSignIn).toBe(false);
    expect(config.singleSignOn).toMatchObject({
      discoveryUrl: 'https://login.contoso.com/.well-known/openid-configuration',
      allowedDomains: ['contoso.com', 'contoso.co.uk'],
      adminClaim: 'groups',
      displayName: 'your organisation',
      createAccounts: true,
      trustEmail: false,
    });
    expect(loadConfig({}).singleSignOn).toBeNull();
  });

  it.each([
    [{ ...sso, OIDC_CLIENT_SECRET: undefined }, /OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set/],
    [{ ...sso, OIDC_ADMIN_VALUE: undefined }, /OIDC_ADMIN_VALUE is required/],
    [{ ...sso, OIDC_ALLOWED_DOMAINS: 'contoso' }, /OIDC_ALLOWED_DOMAINS must list domain names/],
    [{ ...sso, OIDC_ALLOWED_DOMAINS: ' , ' }, /OIDC_ALLOWED_DOMAINS must list at least one domain/],
    [{ ...sso, OIDC_ISSUER: undefined }, /OIDC_CLIENT_ID needs OIDC_ISSUER/],
    [{ PASSWORD_SIGN_IN: 'false' }, /PASSWORD_SIGN_IN may be false only when OIDC_ISSUER is set/],
  ])('refuses an incomplete setting in one line (%#)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('server start-up', () => {
  it('exits with code 1 and one stack-free line naming PORT when PORT is invalid', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-config-test-'));
    try {
      // Only what the process needs to run, so a developer's own environment cannot change the outcome.
      const child = spawn(process.execPath, [builtServer], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: 'abc', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const code = await new Promise<number | null>((resolve, reject) => {
        child.on('error', reject);
        child.on('close', resolve);
      });

      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('PORT');
      expect(stderr).not.toContain('    at ');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
