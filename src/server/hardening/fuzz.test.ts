import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, errorCodes } from '#shared/api/errors.ts';
import { renewal } from '../db/schema/index.ts';
import { clientDir } from '../plugins/client.ts';
import { htmlWithScript, pdfDocument, pngBomb, pngImage, truncatedJpeg } from '../test/attack-files.ts';
import { encodeMultipart, type FuzzRequest, fuzzRequest } from '../test/fuzz-requests.ts';
import { insertPerson, personFixture } from '../test/people.ts';
import { isClientFile, isPageRoute, isPublic, routeKey } from '../test/route-table.ts';
import { signInAs } from '../test/staff-session.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { personFields } from '../test/upload-fixtures.ts';

/** Requests per run: small in `npm test`, ≥ 10,000 in `npm run test:fuzz`. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let harness: TestApp;
let snapshot: () => Promise<string>;
let arbitrary: fc.Arbitrary<FuzzRequest>;
let adminCookie: string;

beforeAll(async () => {
  // Limits high enough that the fuzzer reaches validation rather than the rate limiter, and no
  // proof of work, so the verification lookup itself is fuzzed.
  harness = await createTestApp({
    VERIFY_POW: 'false',
    VERIFY_RATE_LIMIT: '1000000/1s',
    CONTACT_RATE_LIMIT: '1000000/1s',
  });
  const { app, database } = harness;
  const admin = await signInAs(app, 'admin');
  adminCookie = admin.cookie;
  const other = await signInAs(app, 'staff');
  const person = await insertPerson(database.db);
  const [renewalRow] = await database.db.insert(renewal).values(personFixture()).returning();
  if (!renewalRow) throw new Error('no renewal');

  const [png, pdf, bomb, jpeg] = await Promise.all([
    pngImage(16, 16),
    pdfDocument(),
    pngBomb(),
    truncatedJpeg(),
  ]);
  // Files and pages answer HTML and bytes, not the API's error shape.
  const routes = app.routeList
    .filter((route) => !isClientFile(route) && !isPageRoute(route))
    .map((route) => ({ ...route, key: routeKey(route), isPublic: isPublic(route) }));
  arbitrary = fuzzRequest(routes, {
    publicUrl: app.config.publicUrl,
    adminCookie: admin.cookie,
    ids: [person.id, renewalRow.id, other.user.id],
    files: {
      png,
      pdf,
      bomb,
      jpeg,
      html: htmlWithScript(),
      empty: Buffer.alloc(0),
      text: Buffer.from('plain text'),
    },
  });

  // A first credential download gives its person a status place and stores the signature: state a
  // successful read may create, so the refusal check leaves these tables out.
  const readCaches = new Set(['credential_status', 'signed_credential']);
  const tables = (await listTables(harness)).filter((table) => !readCaches.has(table));
  snapshot = async () => {
    const counts = tables.map((table) => sql`(select count(*) from ${sql.identifier(table)})::text`);
    const changed = ['person', 'renewal', 'user'].map(
      (table) => sql`coalesce((select max(updated_at) from ${sql.identifier(table)})::text, '')`,
    );
    const result = await database.db.execute(
      sql`select concat_ws(',', ${sql.join([...counts, ...changed], sql`, `)}) as state`,
    );
    const row = (result as unknown as { rows: { state: string }[] }).rows[0];
    return `${row?.state} | ${filesUnder(app.config.dataDir).join(',')}`;
  };
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

async function listTables({ database }: TestApp): Promise<string[]> {
  const result = await database.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
}

/** Every file under the data folder, temporary ones included. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

// A stack frame, a source path or a database message in an answer means an internal detail leaked.
const LEAK =
  /\n\s+at |node_modules|\/src\/server|\.ts:\d+|[A-Za-z]+Error\b|violates|relation "|syntax error at/;
// The API's error code for each status; some refusals carry a more specific code a page translates.
const allowedCodes: Record<number, string[]> = {
  ...Object.fromEntries(Object.entries(errorCodes).map(([status, code]) => [status, [code]])),
  400: ['INVALID_INPUT', 'INVALID_PROOF', 'PROOF_REQUIRED', 'WRONG_PASSPORT'],
  404: ['NOT_FOUND', 'NO_MATCH'],
};
const strictError = apiError.strict();

/** What is wrong with the answer to one request, or null. */
// Before `npm run build` (npm test builds after these tests) a client page answers 503, and a
// request whose path resolves to one (`/files/..` is `/`) gets that: the build's absence, not a fault.
const clientBuilt = fs.existsSync(path.join(clientDir, 'index.html'));
const unbuiltClientPage = (status: number, body: string) =>
  !clientBuilt && status === 503 && body.startsWith('The client is not built.');

function problemWith(request: FuzzRequest, status: number, body: string, contentType: string): string | null {
  if (unbuiltClientPage(status, body)) return null;
  if (status >= 500) return `${status}: ${body.slice(0, 200)}`;
  if (status < 400 || request.method === 'HEAD') return null;
  if (!contentType.startsWith('application/json')) return `${status} as ${contentType}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} not JSON: ${body.slice(0, 100)}`;
  }
  const shape = strictError.safeParse(parsed);
  if (!shape.success) return `${status} not the error shape: ${body.slice(0, 200)}`;
  const error = shape.data;
  if (error.statusCode !== status) return `statusCode ${error.statusCode} in a ${status}`;
  if (!allowedCodes[status]?.includes(error.code)) return `code ${error.code} for ${status}`;
  if (!error.message.trim()) return `${status} with no message`;
  if (LEAK.test(body)) return `${status} leaks: ${body.slice(0, 200)}`;
  return null;
}

// Generous for a loaded 2-core machine; a request left without an answer hangs a client forever.
const ANSWER_TIMEOUT_MS = 15_000;

async function answerWithin(ms: number, request: FuzzRequest) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${describeRequest(request)}: no answer in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([
      harness.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        payload: request.payload,
        remoteAddress: request.remoteAddress,
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const STORES_ON_READ = 'GET /api/certificates/:id/e-cert.pdf ';

const describeRequest = (request: FuzzRequest) =>
  `${request.label} ${request.method} ${request.url.slice(0, 200)} ` +
  `${JSON.stringify(request.headers['content-type'] ?? '')} ${JSON.stringify(String(request.payload ?? '').slice(0, 300))}`;

describe(`fuzzing every endpoint (${RUNS} generated requests)`, () => {
  it(
    'never answers 5xx, answers every 4xx in the error shape, and changes nothing when it refuses',
    async () => {
      const statuses = new Map<number, number>();
      let sent = 0;
      // The state after the last request that could have written; reads that succeed are not
      // re-checked, so a read with a side effect would show up at the next refusal.
      let last = await snapshot();
      await fc.assert(
        fc.asyncProperty(arbitrary, async (request) => {
          const response = await answerWithin(ANSWER_TIMEOUT_MS, request);
          sent += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const problem = problemWith(
            request,
            response.statusCode,
            response.body,
            String(response.headers['content-type'] ?? ''),
          );
          if (problem) throw new Error(`${describeRequest(request)}: ${problem}`);
          const read = request.method === 'GET' || request.method === 'HEAD';
          if (read && response.statusCode < 400) {
            // A public e-Cert PDF is stored on its first download, so the next one is served.
            if (request.label.startsWith(STORES_ON_READ)) last = await snapshot();
            return;
          }
          const now = await snapshot();
          if (response.statusCode >= 400 && now !== last) {
            throw new Error(
              `${describeRequest(request)}: refused with ${response.statusCode} but the data changed`,
            );
          }
          last = now;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: process.env.FUZZ_SHRINK !== 'true' },
      );
      const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
      console.info(`fuzz: ${sent} requests, statuses ${summary.join(' ')}`);
      expect(sent).toBeGreaterThanOrEqual(RUNS);
      // The generator must reach the handlers, not only the parsers: some requests succeed.
      expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    },
    120_000 + RUNS * 100,
  );
});

type Body = { contentType: string; body: string | Buffer };
const json = (value: object): Body => ({ contentType: 'application/json', body: JSON.stringify(value) });
const MULTIPART_BOUNDARY = 'regression-boundary';
const multipart = (fields: Record<string, string>): Body & { body: Buffer } => ({
  contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
  body: encodeMultipart(
    Object.entries(fields).map(([name, value]) => ({ name, value: Buffer.from(value) })),
    MULTIPART_BOUNDARY,
  ),
});
function pub(method: string, url: string, body?: Body, cookie?: string): FuzzRequest {
  const headers: Record<string, string> = { origin: harness.app.config.publicUrl };
  if (cookie) headers.cookie = cookie;
  if (body) headers['content-type'] = body.contentType;
  return { method, url, headers, payload: body?.body, remoteAddress: '127.0.0.1', label: 'case' };
}
const staff = (method: string, url: string, body?: Body) => pub(method, url, body, adminCookie);

describe('inputs the fuzzer found answered with a 500 or outside the error shape', () => {
  const nul = 'a\u0000b';
  const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  const cases: [string, () => FuzzRequest, number, string | null][] = [
    ['a NUL in a path parameter', () => staff('DELETE', '/api/users/%00'), 400, 'id'],
    ['a NUL in a query string', () => staff('GET', '/api/people?q=a%00b'), 400, 'q'],
    [
      'a NUL in a JSON field',
      () => staff('POST', '/api/renewals', json({ ...personFields(), name: nul })),
      400,
      'name',
    ],
    [
      'a NUL in a public form',
      () => pub('POST', '/api/contact', json({ name: nul, email: 'a@b.co', message: 'm' })),
      400,
      'name',
    ],
    [
      'a lone surrogate in a JSON field',
      () => pub('POST', '/api/feedback', json({ rating: 4, comment: 'broken \udd55 half' })),
      400,
      'comment',
    ],
    [
      'a NUL in a sign-in email',
      () => pub('POST', '/api/auth/sign-in/email', json({ email: nul, password: 'p' })),
      400,
      'email',
    ],
    [
      'a NUL in a multipart text field',
      () => staff('POST', '/api/people', multipart({ ...personFields(), name: nul })),
      400,
      'name',
    ],
    [
      'a multipart part without Content-Disposition, larger than the parser’s buffer (it hung)',
      () => {
        const form = multipart({ note: '%'.repeat(120_000), ...personFields() });
        const body = Buffer.from(
          form.body.toString('latin1').replace('Content-Disposition', 'X-Nothing'),
          'latin1',
        );
        return staff('POST', '/api/people', { ...form, body });
      },
      400,
      'passportImage',
    ],
    [
      'a JSON body nested 5,000 deep sent to Better Auth (over its 16 kB limit)',
      () => pub('POST', '/api/auth/sign-in/email', { contentType: 'application/json', body: deep }),
      413,
      null,
    ],
    [
      'a path parameter longer than the router allows',
      () => staff('GET', `/api/renewals/${'a'.repeat(101)}`),
      404,
      null,
    ],
    // Outside /api, yet asked by machines: a status list, a brand image. Pages answer elsewhere.
    [
      'a status list name longer than the router allows',
      () => pub('GET', `/status/${'A'.repeat(101)}`),
      404,
      null,
    ],
    [
      'a brand image key longer than the router allows',
      () => pub('GET', `/brand-images/${'a'.repeat(101)}`),
      404,
      null,
    ],
    ['a broken percent-encoding in the path', () => pub('GET', '/api/certificates/%E0%A4%A'), 400, null],
  ];

  it.each(cases)('answers %s with the error shape', async (_name, make, status, field) => {
    const request = make();
    const response = await answerWithin(ANSWER_TIMEOUT_MS, request);
    expect(
      problemWith(request, response.statusCode, response.body, String(response.headers['content-type'])),
    ).toBeNull();
    expect(response.statusCode).toBe(status);
    if (field) expect(Object.keys(response.json().fields ?? {})).toContain(field);
  });
});
