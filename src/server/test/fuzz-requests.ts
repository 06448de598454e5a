import fc from 'fast-check';
import { contentNames } from '#shared/api/content.ts';
import type { RouteEntry } from '../app.ts';
import { personFields } from './upload-fixtures.ts';

/** What a generated request may use: who is signed in, and ids that exist. */
export interface FuzzContext {
  publicUrl: string;
  adminCookie: string;
  /** Ids of rows that exist (a person, a renewal, a user who is not the admin). */
  ids: string[];
  /** Small files to put in forms: a valid PNG and PDF, and bad ones. */
  files: Record<string, Buffer>;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  /** The route it was generated for and how its body was made, to read a failure by. */
  label: string;
}

// Strings that have broken parsers, databases and templates before.
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  '𝕏𝕐',
  '\u200B',
  'İıß',
  '\r\n\r\n',
  '\t',
  '%',
  '%00',
  '_',
  '*',
  "' or '1'='1",
  '"; drop table person; --',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '$'.concat('{7*7}{{7*7}}'),
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  '2024-02-30',
  '0000-00-00',
  'Ａ',
] as const;

const utf16Units = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)); // lone surrogates included

const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: utf16Units, maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '😀', '\u0000', '%'), fc.integer({ min: 150, max: 120_000 }))
      .map(([unit, times]) => unit.repeat(times)),
  },
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: anyString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(anyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(anyString, anyString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as any client would send it). */
const percentEncode = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

const fieldName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'role', 'deletedAt', 'createdAt', 'x'),
  fc.string({ maxLength: 20 }),
);

/** A valid body with some fields dropped, some replaced by anything, and some added. */
function mutated(base: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(base);
  return fc
    .record({
      drop: fc.subarray(keys),
      replace: fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: 3 }),
      extra: fc.dictionary(fieldName, anyValue, { maxKeys: 2 }),
    })
    .map(({ drop, replace, extra }) => {
      const body: Record<string, unknown> = {};
      for (const key of keys) if (!drop.includes(key)) body[key] = base[key];
      // defineProperty, so `__proto__` becomes a key of the JSON rather than a prototype.
      for (const [key, value] of Object.entries({ ...replace, ...extra })) {
        Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
      }
      return body;
    });
}

const recordBase = () => ({ ...personFields() });

/** Valid JSON bodies of each JSON route, the start of every mutation. */
const jsonBodies: Record<string, () => Record<string, unknown>> = {
  'POST /api/verify': () => ({ finNumber: 'S1234567D', eCertNumber: 'EC-0001', altcha: 'e30=' }),
  'POST /api/contact': () => ({ name: 'Visitor', email: 'visitor@example.com', message: 'Hello there' }),
  'POST /api/feedback': () => ({ rating: 4, comment: 'Good', page: '/verify' }),
  'POST /api/setup': () => ({
    token: 'not-the-token',
    name: 'Admin',
    email: 'admin@example.com',
    password: 'a long enough password',
  }),
  'POST /api/password-reset/check': () => ({ token: 'not-the-token' }),
  'POST /api/password-reset': () => ({ token: 'not-the-token', password: 'a long enough password' }),
  'POST /api/renewals': recordBase,
  'PATCH /api/renewals/:id': recordBase,
  'POST /api/users': () => ({
    email: 'fuzzed@example.com',
    name: 'Fuzzed',
    password: 'a long enough password',
    role: 'staff',
  }),
  'PATCH /api/users/:id': () => ({ name: 'Renamed', role: 'staff', banned: false }),
  'POST /api/auth/sign-in/email': () => ({ email: 'nobody@example.com', password: 'wrong password 123' }),
  'POST /api/auth/change-password': () => ({ currentPassword: 'wrong password 123', newPassword: 'n' }),
};

const multipartRoutes = new Set(['POST /api/people', 'PATCH /api/people/:id']);

/** Files under the API documentation's wildcard route. */
const docsFiles = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'index.css',
  'favicon-32x32.png',
  '../package.json',
];

const brokenPercent = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%2F..', '%00'];

function paramValue(name: string, context: FuzzContext): fc.Arbitrary<string> {
  const garbage = fc.oneof(
    anyString.filter((s) => s.length < 2000).map(percentEncode),
    fc.constantFrom(...brokenPercent, '.', '..', 'a'.repeat(101), 'A'.repeat(3000), '-1', 'null'),
  );
  if (name === 'key') {
    const hex = fc.stringMatching(/^[a-f0-9]{64}$/);
    return fc.oneof(
      fc.tuple(hex, fc.constantFrom('webp', 'png', 'pdf', 'svg', 'html')).map(([h, e]) => `${h}.${e}`),
      garbage,
    );
  }
  if (name === 'name') return fc.oneof(fc.constantFrom(...contentNames), garbage);
  if (name === '*') return fc.oneof(fc.constantFrom(...docsFiles), garbage);
  return fc.oneof(
    fc.constantFrom(...context.ids),
    fc.uuid().map((u) => u.toUpperCase()),
    fc.uuid(),
    garbage,
  );
}

const queryKey = fc.oneof(
  fc.constantFrom('q', 'page', 'pageSize', 'entityType', 'entityId', 'id', 'token'),
  fc.string({ maxLength: 10 }).map(percentEncode),
);

const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 6,
    arbitrary: fc
      .array(
        fc.tuple(
          queryKey,
          anyValue.map((v) => percentEncode(asText(v))),
        ),
        { maxLength: 5 },
      )
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(queryKey, fc.integer({ min: 1, max: 300 }))
      .map(([key, depth]) => `${key}${'[a]'.repeat(depth)}=1`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(queryKey, fc.integer({ min: 2, max: 3000 }))
      .map(([key, times]) => Array.from({ length: times }, (_, i) => `${key}=${i}`).join('&')),
  },
  { weight: 1, arbitrary: fc.constantFrom(...brokenPercent).map((v) => `q=${v}&page=${v}`) },
);

const wrongContentTypes = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'APPLICATION/JSON',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/mixed; boundary=x',
  'image/png',
  ';',
  'application/json, text/plain',
  `application/${'x'.repeat(3000)}`,
];

const brokenJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"a":1}}',
    'nul',
    '\u0000',
    "{'a':1}",
    '{"a":1,}',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '"just a string"',
    '42',
    'null',
    '[]',
    '\uFEFF{}',
  ),
  fc.integer({ min: 100, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 100, max: 20_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.tuple(fc.json(), fc.nat()).map(([json, cut]) => json.slice(0, cut % Math.max(1, json.length))),
);

export interface Part {
  name: string;
  value: Buffer;
  filename?: string;
  type?: string;
}

export function encodeMultipart(parts: Part[], boundary: string, lineEnd = '\r\n'): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}${lineEnd}Content-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += lineEnd;
    if (part.type) head += `Content-Type: ${part.type}${lineEnd}`;
    chunks.push(Buffer.from(`${head}${lineEnd}`), part.value, Buffer.from(lineEnd));
  }
  chunks.push(Buffer.from(`--${boundary}--${lineEnd}`));
  return Buffer.concat(chunks);
}

const fileFieldNames = ['passportImage', 'certificateImage', 'signatureImage', 'pdf'];

function multipartBody(
  context: FuzzContext,
): fc.Arbitrary<{ contentType: string; body: Buffer; how: string }> {
  const fileNames = Object.keys(context.files);
  const file = fc.record({
    name: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...fileFieldNames) },
      { weight: 1, arbitrary: fieldName },
    ),
    value: fc.constantFrom(...fileNames).map((name) => context.files[name] as Buffer),
    filename: fc.oneof(
      fc.constantFrom('photo.png', 'doc.pdf', '../../etc/passwd', 'a\u0000.png', '', 'x'.repeat(300)),
      anyString,
    ),
    type: fc.constantFrom('image/png', 'application/pdf', 'text/html', 'application/octet-stream', ''),
  });
  const fields = mutated(personFields()).map((values) =>
    Object.entries(values).map(([name, value]) => ({
      name,
      value: Buffer.from(asText(value)),
    })),
  );
  const breakage = fc.constantFrom(
    'none',
    'none',
    'none',
    'truncate',
    'no-final-boundary',
    'wrong-boundary',
    'no-boundary-param',
    'garbage',
    'bare-lf',
    'no-disposition',
    'too-many-parts',
  );
  return fc
    .tuple(fields, fc.array(file, { maxLength: 5 }), breakage, fc.nat(), fc.uint8Array({ maxLength: 64 }))
    .map(([textParts, fileParts, how, at, noise]) => {
      const boundary = '----fuzz7MA4YWxkTrZu0gW';
      let parts: Part[] = [...textParts, ...fileParts];
      if (how === 'too-many-parts') {
        parts = [
          ...parts,
          ...Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: Buffer.from('v') })),
        ];
      }
      let body = encodeMultipart(parts, boundary, how === 'bare-lf' ? '\n' : '\r\n');
      let contentType = `multipart/form-data; boundary=${boundary}`;
      if (how === 'truncate') body = body.subarray(0, at % Math.max(1, body.length));
      if (how === 'no-final-boundary') body = body.subarray(0, body.lastIndexOf(`--${boundary}--`));
      if (how === 'wrong-boundary') contentType = 'multipart/form-data; boundary=somethingelse';
      if (how === 'no-boundary-param') contentType = 'multipart/form-data';
      if (how === 'garbage') {
        const cut = at % Math.max(1, body.length);
        body = Buffer.concat([body.subarray(0, cut), Buffer.from(noise), body.subarray(cut)]);
      }
      if (how === 'no-disposition')
        body = Buffer.from(body.toString('latin1').replace('Content-Disposition', 'X-Nothing'), 'latin1');
      return { contentType, body, how };
    });
}

type Body = { contentType?: string; body?: string | Buffer; how: string };

function bodyFor(routeKey: string, context: FuzzContext): fc.Arbitrary<Body> {
  const json = jsonBodies[routeKey];
  const others: fc.Arbitrary<Body>[] = [
    fc.jsonValue({ maxDepth: 4 }).map((value) => ({
      contentType: 'application/json',
      body: JSON.stringify(value),
      how: 'any-json',
    })),
    brokenJson.map((body) => ({ contentType: 'application/json', body, how: 'broken-json' })),
    fc
      .tuple(fc.constantFrom(...wrongContentTypes), fc.constantFrom('{"a":1}', 'a=1&b=2', '<x/>', ''))
      .map(([contentType, body]) => ({ contentType, body, how: `type ${contentType.slice(0, 40)}` })),
    fc.constant({ contentType: 'application/json', body: '', how: 'empty-json' }),
    multipartBody(context).map(({ contentType, body, how }) => ({
      contentType,
      body,
      how: `multipart ${how}`,
    })),
  ];
  if (json) {
    const valid = fc.constant(null).chain(() => mutated(json()));
    return fc.oneof(
      {
        weight: 6,
        arbitrary: valid.map((value) => ({
          contentType: 'application/json',
          body: JSON.stringify(value),
          how: 'mutated-json',
        })),
      },
      ...others.map((arbitrary) => ({ weight: 1, arbitrary })),
    );
  }
  if (multipartRoutes.has(routeKey)) {
    return fc.oneof(
      {
        weight: 6,
        arbitrary: multipartBody(context).map(({ contentType, body, how }) => ({
          contentType,
          body,
          how: `multipart ${how}`,
        })),
      },
      ...others.map((arbitrary) => ({ weight: 1, arbitrary })),
    );
  }
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<Body>({ how: 'no-body' }) },
    ...others.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

/** One generated request for one of `routes`, signed in as admin where the route is a staff route. */
export function fuzzRequest(
  routes: readonly (RouteEntry & { key: string; isPublic: boolean })[],
  context: FuzzContext,
): fc.Arbitrary<FuzzRequest> {
  // Routes that take a body have the most to get wrong: they are picked four times as often.
  const weighted = routes.map((route) => ({
    weight: jsonBodies[route.key] || multipartRoutes.has(route.key) ? 4 : 1,
    arbitrary: fc.constant(route),
  }));
  return fc.oneof(...weighted).chain((route) => {
    const names = [...route.url.matchAll(/:([A-Za-z]+)|\*/g)].map((match) => match[1] ?? '*');
    return fc
      .record({
        params: fc.tuple(...names.map((name) => paramValue(name, context))),
        query: queryString,
        body: bodyFor(route.key, context),
        // Now and then the right path with the wrong method.
        method: fc.oneof(
          { weight: 12, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
        ),
        ip: fc.ipV4(),
      })
      .map(({ params, query, body, method, ip }) => {
        let index = 0;
        const path = route.url.replace(/:[A-Za-z]+|\*/g, () => params[index++] ?? '');
        const headers: Record<string, string> = { origin: context.publicUrl };
        // Better Auth's own routes get no session: a fuzzed sign-out must not end the admin's.
        if (!route.isPublic) headers.cookie = context.adminCookie;
        if (body.contentType !== undefined) headers['content-type'] = body.contentType;
        return {
          method,
          url: query ? `${path}?${query}` : path,
          headers,
          payload: body.body,
          remoteAddress: ip,
          label: `${route.key} [${body.how}]`,
        };
      });
  });
}
