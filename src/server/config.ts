import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `20/10m`: at most 20 requests per client in 10 minutes; `off` for none (a proxy limits instead). */
const rateLimit = z
  .string()
  .regex(/^(\d+\/\d+[smh]|off)$/, { error: 'must look like 20/10m (count/window with s, m or h) or be off' })
  .transform((v) => {
    if (v === 'off') return null;
    const [count, window] = v.split('/') as [string, string];
    const unit = { s: 1_000, m: 60_000, h: 3_600_000 }[window.slice(-1) as 's' | 'm' | 'h'];
    return { max: Number(count), timeWindowMs: Number(window.slice(0, -1)) * unit };
  });

const TRUST_PROXY_HELP =
  'must be the number of proxies in front of the portal (1 for one load balancer) or their addresses ' +
  '(10.0.0.5, 10.1.0.0/16); true is refused, as it would take the client address from X-Forwarded-For, ' +
  'which any client can write';
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address or CIDR range (or one of proxy-addr's names for the private ranges). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which hops of X-Forwarded-For to believe: `false` none (the socket's address is the client), a
 * count of proxies in front, or the proxies' own addresses. Fastify's trustProxy takes either.
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const v = value.trim().toLowerCase();
  if (['false', '0', 'no'].includes(v)) return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  ctx.issues.push({ code: 'custom', message: TRUST_PROXY_HELP, input: value });
  return z.NEVER;
});

/** `contoso.com, contoso.co.uk`: lower-cased, each a plain domain name. */
const emailDomains = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, { error: 'must list domain names like contoso.com' }),
      )
      .min(1, { error: 'must list at least one domain' }),
  );

/**
 * Connections each server process keeps to PostgreSQL. With 50 verifications in flight on 2 cores,
 * a pool of 10 kept requests waiting for a connection: 5,975 req/s against 6,776–7,306 with 20 or
 * 50 (bench/README.md).
 */
export const DEFAULT_DATABASE_POOL_SIZE = 20;

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be from 0 to 65535' })
    .max(65535, { error: 'must be from 0 to 65535' })
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(DEFAULT_DATABASE_POOL_SIZE),
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ error: 'must be an absolute URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
    .optional(),
  PUBLIC_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  // Unset: GET /metrics answers 404, so nothing about the service shows on the public internet.
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  SEED_DEMO: bool.optional(),
  VERIFY_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(20),
  VERIFY_INTERSTITIAL_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  VERIFY_RATE_LIMIT: rateLimit.default({ max: 20, timeWindowMs: 600_000 }),
  VERIFY_POW: bool.default(true),
  VERIFY_POW_COST: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  CONTACT_RATE_LIMIT: rateLimit.default({ max: 5, timeWindowMs: 600_000 }),
  CREDENTIAL_VERIFY_RATE_LIMIT: rateLimit.default({ max: 30, timeWindowMs: 600_000 }),
  ISSUER_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9_-]{43})$/, {
      error: 'must be a 32-byte Ed25519 seed: 64 hex characters or 43 base64url characters',
    })
    .optional(),
  CERT_VALIDITY_YEARS: z.coerce.number().int().min(1).max(100).default(2),
  VERIFIER_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(500_000),
  // A CSV of the most rows an import takes is far smaller.
  IMPORT_CSV_MAX_MB: z.coerce.number().int().min(1).max(4096).default(256),
  IMPORT_DATE_ORDER: z
    .enum(['day-first', 'month-first'], { error: 'must be day-first or month-first' })
    .default('day-first'),
  MASK_IDENTIFIERS: bool.default(true),
  PUBLIC_IDENTITY_DOCUMENTS: bool.default(false),
  SITE_CONFIG: z.string().min(1).default('content/site.json'),
  CONTENT_DIR: z.string().min(1).default('content'),
  TRUST_PROXY: trustProxy.default(false),
  REQUIRE_TWO_FACTOR_FOR_ADMINS: bool.default(false),
  OIDC_ISSUER: z.url({ error: "must be the identity provider's issuer URL (https://...)" }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_DISPLAY_NAME: z
    .string()
    .trim()
    .min(1)
    .max(60, { error: 'must be at most 60 characters' })
    .default('your organisation'),
  OIDC_ALLOWED_DOMAINS: emailDomains.optional(),
  OIDC_ADMIN_CLAIM: z.string().trim().min(1).default('groups'),
  OIDC_ADMIN_VALUE: z.string().trim().min(1).optional(),
  OIDC_EDITOR_VALUE: z.string().trim().min(1).optional(),
  OIDC_SCOPES: z.string().trim().min(1).default('openid email profile'),
  OIDC_CREATE_ACCOUNTS: bool.default(true),
  OIDC_TRUST_EMAIL: bool.default(false),
  PASSWORD_SIGN_IN: bool.default(true),
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(100_000).default(4096),
  MAX_REQUEST_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(300),
  // On SIGTERM: answer not ready but keep serving this long, so load balancers stop sending here.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).default(10),
  // Then at most this long for requests and import commits in flight to finish.
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is not valid'}`);
  }
  const e = parsed.data;
  if (e.FILE_STORE === 's3' && !e.S3_BUCKET)
    throw new ConfigError('Invalid configuration: S3_BUCKET is required when FILE_STORE is s3');
  const singleSignOn = readSingleSignOn(e);
  if (!e.PASSWORD_SIGN_IN && !singleSignOn)
    throw new ConfigError(
      'Invalid configuration: PASSWORD_SIGN_IN may be false only when OIDC_ISSUER is set',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = e.DATABASE_URL === undefined;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    s3:
      e.FILE_STORE === 's3' && e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    // Pages may be opened from these origins and sign in. Without PUBLIC_URL the portal is local,
    // and "localhost" and "127.0.0.1" name the same server: both work, as a visitor would expect.
    trustedOrigins: e.PUBLIC_URL
      ? [new URL(e.PUBLIC_URL).origin]
      : [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`],
    authSecret: e.AUTH_SECRET,
    metricsToken: e.METRICS_TOKEN,
    seedDemo: e.SEED_DEMO ?? embedded,
    verification: {
      waitSeconds: e.VERIFY_WAIT_SECONDS,
      interstitialUrl: e.VERIFY_INTERSTITIAL_URL ?? null,
      rateLimit: e.VERIFY_RATE_LIMIT,
      proofOfWork: e.VERIFY_POW,
      proofOfWorkCost: e.VERIFY_POW_COST,
    },
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    credentialVerifyRateLimit: e.CREDENTIAL_VERIFY_RATE_LIMIT,
    issuerKeySeed: e.ISSUER_KEY
      ? Buffer.from(e.ISSUER_KEY, e.ISSUER_KEY.length === 64 ? 'hex' : 'base64url')
      : undefined,
    certValidityYears: e.CERT_VALIDITY_YEARS,
    /** How long the log of verifiers' checks keeps an entry before the server deletes it. */
    verifierLogRetentionDays: e.VERIFIER_LOG_RETENTION_DAYS,
    importMaxRows: e.IMPORT_MAX_ROWS,
    importCsvMaxBytes: e.IMPORT_CSV_MAX_MB * 1024 * 1024,
    /** How an import reads a date such as 04/05/2024; YYYY-MM-DD is read either way. */
    importDateOrder: e.IMPORT_DATE_ORDER,
    maskIdentifiers: e.MASK_IDENTIFIERS,
    /** Passport scans on public pages and at /files for anyone; off: signed-in staff only. */
    publicIdentityDocuments: e.PUBLIC_IDENTITY_DOCUMENTS,
    siteConfigPath: path.resolve(e.SITE_CONFIG),
    contentDir: path.resolve(e.CONTENT_DIR),
    /** Proxies whose X-Forwarded-For entries are believed: none, a hop count, or their addresses. */
    trustProxy: e.TRUST_PROXY,
    /** Administrators must set up two-factor sign-in before the staff API answers them. */
    requireTwoFactorForAdmins: e.REQUIRE_TWO_FACTOR_FOR_ADMINS,
    /** Sign-in through the organisation's OpenID Connect provider, or null when it is not set up. */
    singleSignOn,
    /** Email + password sign-in; off only beside single sign-on (user:create still makes accounts). */
    passwordSignIn: e.PASSWORD_SIGN_IN,
    logLevel: e.LOG_LEVEL,
    loadShedding: {
      maxConcurrentRequests: e.MAX_CONCURRENT_REQUESTS,
      maxRequestWaitMs: e.MAX_REQUEST_WAIT_MS,
    },
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000, graceMs: e.SHUTDOWN_GRACE_SECONDS * 1000 },
  };
}

export type Config = ReturnType<typeof loadConfig>;

/** The OIDC_* settings: all of issuer, client, domains and admin value, or none of them. */
function readSingleSignOn(e: z.infer<typeof envSchema>) {
  if (!e.OIDC_ISSUER) {
    const stray = (
      [
        'OIDC_CLIENT_ID',
        'OIDC_CLIENT_SECRET',
        'OIDC_ALLOWED_DOMAINS',
        'OIDC_ADMIN_VALUE',
        'OIDC_EDITOR_VALUE',
      ] as const
    ).find((name) => e[name] !== undefined);
    if (stray) throw new ConfigError(`Invalid configuration: ${stray} needs OIDC_ISSUER`);
    return null;
  }
  const missing = (
    ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ALLOWED_DOMAINS', 'OIDC_ADMIN_VALUE'] as const
  ).find((name) => e[name] === undefined);
  if (missing) throw new ConfigError(`Invalid configuration: ${missing} is required when OIDC_ISSUER is set`);
  const issuer = e.OIDC_ISSUER.replace(/\/$/, '');
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: e.OIDC_CLIENT_ID as string,
    clientSecret: e.OIDC_CLIENT_SECRET as string,
    displayName: e.OIDC_DISPLAY_NAME,
    allowedDomains: e.OIDC_ALLOWED_DOMAINS as string[],
    adminClaim: e.OIDC_ADMIN_CLAIM,
    adminValue: e.OIDC_ADMIN_VALUE as string,
    /** The claim's value that makes an editor (pages and brand only); unset, nobody is made one. */
    editorValue: e.OIDC_EDITOR_VALUE,
    scopes: e.OIDC_SCOPES.split(/\s+/),
    /** A first sign-in from an allowed domain makes an account; false: only accounts made before. */
    createAccounts: e.OIDC_CREATE_ACCOUNTS,
    /** Take the provider's emails as verified even without its email_verified claim. */
    trustEmail: e.OIDC_TRUST_EMAIL,
  };
}

export type SingleSignOnConfig = NonNullable<ReturnType<typeof readSingleSignOn>>;
