import { eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { walletExchange } from '../../db/schema/index.ts';
import {
  createCredentialsTestApp,
  downloadCredential,
  revokeRecord,
  TEST_DID,
} from '../../test/credentials-test-kit.ts';
import { insertPerson } from '../../test/people.ts';
import { type Holder, lcwHolder, newHolder, requestOf, walletHttp } from '../../test/scripted-wallet.ts';
import { countRows, type TestApp } from '../../test/test-app.ts';

let harness: TestApp;
beforeAll(async () => {
  // Room for every claim these tests make; one test narrows the per-client budget on its own app.
  harness = await createCredentialsTestApp({ VERIFY_RATE_LIMIT: '1000/10m' });
});
afterAll(async () => {
  await harness.close();
});

let passportSerial = 0;
async function holderRecord(overrides: { passportNumber?: string } = {}) {
  passportSerial += 1;
  const passportNumber = overrides.passportNumber ?? `E${String(passportSerial).padStart(7, '0')}K`;
  const record = await insertPerson(harness.database.db, {
    finNumber: `W${String(passportSerial).padStart(7, '0')}A`,
    passportNumber,
  });
  return { ...record, passportNumber };
}

const claim = (app: TestApp, id: string, passportNumber: string) =>
  app.app.inject({
    method: 'POST',
    url: `/api/certificates/${id}/wallet-claims`,
    payload: { passportNumber },
  });

async function interactionUrlFor(id: string, passportNumber: string) {
  const response = await claim(harness, id, passportNumber);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().interactionUrl as string;
}

/** Everything up to the presentation: what a wallet holds after the first `{}`. */
async function openedExchange(holder: Holder) {
  const record = await holderRecord();
  const interactionUrl = await interactionUrlFor(record.id, record.passportNumber);
  const { exchangeUrl, request } = await requestOf(harness, interactionUrl);
  const presentation = await holder.present(request);
  return { record, interactionUrl, exchangeUrl, request, presentation };
}

const exchangeRow = async (exchangeUrl: string) => {
  const id = exchangeUrl.split('/').at(-1) ?? '';
  const [row] = await harness.database.db.select().from(walletExchange).where(eq(walletExchange.id, id));
  return row;
};

describe('Add to wallet: a scripted wallet claims the credential through a VC-API exchange', () => {
  it('walks the interaction URL, proves its DID and receives the credential issued to it', async () => {
    const holder = await newHolder();
    const record = await holderRecord({ passportNumber: 'K1234567Q' });
    // The holder types it as they like: lower case, with a space.
    const interactionUrl = await interactionUrlFor(record.id, ' k123 4567q ');
    expect(interactionUrl).toMatch(
      /^https:\/\/certs\.example\.test\/api\/wallet\/interactions\/[0-9a-f-]{36}\?iuv=1$/,
    );

    const http = walletHttp(harness);
    const interaction = await http.get(interactionUrl);
    expect(interaction.body).toEqual({
      protocols: {
        vcapi: expect.stringMatching(/^https:\/\/certs\.example\.test\/api\/wallet\/exchanges\//),
      },
    });
    const { exchangeUrl, request } = await requestOf(harness, interactionUrl);
    expect(request).toMatchObject({
      query: [{ type: 'DIDAuthentication' }],
      challenge: expect.stringMatching(/^[\w-]{32}$/),
      domain: 'certs.example.test',
    });

    const answer = await http.post(exchangeUrl, { verifiablePresentation: await holder.present(request) });

    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const presentation = answer.body.verifiablePresentation as {
      type: string[];
      verifiableCredential: never[];
    };
    expect(presentation.type).toEqual(['VerifiablePresentation']);
    expect(presentation.verifiableCredential).toHaveLength(1);
    const [credential] = presentation.verifiableCredential as Record<string, never>[];
    const plain = await downloadCredential(harness, record.id);
    expect(credential).toMatchObject({
      id: plain.id,
      issuer: { id: TEST_DID },
      credentialSubject: { id: holder.did, achievement: plain.credentialSubject.achievement },
      credentialStatus: plain.credentialStatus,
    });
    const checked = await harness.app.inject({
      method: 'POST',
      url: '/api/credentials/verify',
      payload: credential,
    });
    expect(checked.json().verified, checked.body).toBe(true);
    expect(await exchangeRow(exchangeUrl)).toMatchObject({
      holder: holder.did,
      completedAt: expect.any(Date),
    });
  });

  it('shows the interaction URL as a QR code', async () => {
    const record = await holderRecord();
    const interactionUrl = await interactionUrlFor(record.id, record.passportNumber);
    const path = new URL(interactionUrl).pathname;
    const response = await harness.app.inject({ method: 'GET', url: `${path}/qr.png` });
    expect(response.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(response.rawPayload);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(interactionUrl);
  });

  it('accepts a presentation made with the libraries the Learner Credential Wallet signs with', async () => {
    const holder = await lcwHolder();
    const { exchangeUrl, request } = await openedExchange(holder);
    const answer = await walletHttp(harness).post(exchangeUrl, {
      verifiablePresentation: await holder.present(request),
    });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      verifiablePresentation: { verifiableCredential: [{ credentialSubject: { id: holder.did } }] },
    });
  });

  it('accepts a presentation signed with eddsa-rdfc-2022 too', async () => {
    const holder = await newHolder();
    const record = await holderRecord();
    const { exchangeUrl, request } = await requestOf(
      harness,
      await interactionUrlFor(record.id, record.passportNumber),
    );
    const presentation = await holder.present({ ...request, suite: 'eddsa-rdfc-2022' });
    const answer = await walletHttp(harness).post(exchangeUrl, { verifiablePresentation: presentation });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  });

  it('asks the same question again when the wallet repeats its first message', async () => {
    const { exchangeUrl, request } = await openedExchange(await newHolder());
    const again = await walletHttp(harness).post(exchangeUrl, {});
    expect(again.body).toEqual({ verifiablePresentationRequest: request });
  });
});

describe('a presentation that does not prove the holder is refused, and the exchange stays open', () => {
  const refusedWith = async (exchangeUrl: string, verifiablePresentation: unknown, message: RegExp) => {
    const answer = await walletHttp(harness).post(exchangeUrl, { verifiablePresentation });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(message) });
    expect(await exchangeRow(exchangeUrl)).toMatchObject({ completedAt: null, holder: null });
  };

  it('a wrong challenge', async () => {
    const holder = await newHolder();
    const { exchangeUrl, request } = await openedExchange(holder);
    const presentation = await holder.present({ ...request, challenge: 'not-the-challenge' });
    await refusedWith(exchangeUrl, presentation, /challenge or domain/);
  });

  it('a wrong domain', async () => {
    const holder = await newHolder();
    const { exchangeUrl, request } = await openedExchange(holder);
    const presentation = await holder.present({ ...request, domain: 'elsewhere.example' });
    await refusedWith(exchangeUrl, presentation, /challenge or domain/);
  });

  it('signed by another key than the holder DID names', async () => {
    const victim = await newHolder();
    const { exchangeUrl, request } = await openedExchange(victim);
    const ownKey = await newHolder({ holder: victim, keyId: 'own' });
    await refusedWith(exchangeUrl, await ownKey.present(request), /not signed by a key of its holder/);
    const forged = await newHolder({ holder: victim, keyId: 'theirs' });
    await refusedWith(exchangeUrl, await forged.present(request), /could not be verified/);
  });

  it('a presentation altered after signing, or none at all', async () => {
    const holder = await newHolder();
    const { exchangeUrl, presentation } = await openedExchange(holder);
    await refusedWith(exchangeUrl, { ...presentation, id: 'urn:uuid:altered' }, /could not be verified/);
    await refusedWith(exchangeUrl, 'a presentation', /no presentation/);
    const { proof: _unsigned, ...unsigned } = presentation;
    await refusedWith(exchangeUrl, unsigned, /not signed/);
  });
});

describe('an exchange is used once and for 15 minutes', () => {
  it('refuses a replayed presentation and every later message', async () => {
    const holder = await newHolder();
    const { interactionUrl, exchangeUrl, presentation } = await openedExchange(holder);
    const http = walletHttp(harness);
    expect((await http.post(exchangeUrl, { verifiablePresentation: presentation })).statusCode).toBe(200);

    for (const answer of [
      await http.post(exchangeUrl, { verifiablePresentation: presentation }),
      await http.post(exchangeUrl, {}),
      await http.get(interactionUrl),
    ]) {
      expect(answer.statusCode).toBe(410);
      expect(answer.body).toMatchObject({
        code: 'EXCHANGE_USED',
        message: expect.stringContaining('used already'),
      });
    }
  });

  it('is finished by another instance than the one that started it', async () => {
    const holder = await newHolder();
    const { exchangeUrl, presentation } = await openedExchange(holder);
    const other = await buildApp({ config: harness.app.config, database: harness.database, logger: false });
    try {
      await other.ready();
      const answer = await walletHttp({ app: other }).post(exchangeUrl, {
        verifiablePresentation: presentation,
      });
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
      const replayed = await walletHttp(harness).post(exchangeUrl, { verifiablePresentation: presentation });
      expect(replayed.body).toMatchObject({ code: 'EXCHANGE_USED' });
    } finally {
      await other.close();
    }
  });

  it('gives the credential to only one of two presentations that race', async () => {
    const holder = await newHolder();
    const { exchangeUrl, presentation } = await openedExchange(holder);
    const http = walletHttp(harness);
    const answers = await Promise.all(
      [1, 2].map(() => http.post(exchangeUrl, { verifiablePresentation: presentation })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
  });

  it('refuses an expired exchange, even with a good presentation', async () => {
    const holder = await newHolder();
    const { record, exchangeUrl, presentation } = await openedExchange(holder);
    const created = await exchangeRow(exchangeUrl);
    expect((created?.expiresAt.getTime() ?? 0) - (created?.createdAt.getTime() ?? 0)).toBe(15 * 60_000);
    await harness.database.db.execute(
      sql`update wallet_exchange set expires_at = now() - interval '1 second' where person_id = ${record.id}`,
    );
    const answer = await walletHttp(harness).post(exchangeUrl, { verifiablePresentation: presentation });
    expect(answer.statusCode).toBe(410);
    expect(answer.body).toMatchObject({ code: 'EXCHANGE_EXPIRED' });
    expect(await exchangeRow(exchangeUrl)).toMatchObject({ completedAt: null });
  });

  it('answers 404 to an exchange it never opened', async () => {
    const http = walletHttp(harness);
    const unknown = 'https://certs.example.test/api/wallet/exchanges/7d2c7f9e-4a64-4f7e-9d55-1b9d6f0a2c11';
    expect((await http.post(unknown, {})).statusCode).toBe(404);
    expect((await http.post(`${unknown.slice(0, -4)}nope`, {})).statusCode).toBe(404);
  });
});

describe('only the holder may start a claim', () => {
  it('refuses a wrong passport number with plain words and stores nothing', async () => {
    const record = await holderRecord();
    const before = await countRows(harness.database, 'wallet_exchange');
    const response = await claim(harness, record.id, 'X0000000Z');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'WRONG_PASSPORT',
      fields: { passportNumber: expect.stringContaining('does not match this record') },
    });
    expect(response.body).not.toContain(record.passportNumber);
    expect(await countRows(harness.database, 'wallet_exchange')).toBe(before);
    expect((await claim(harness, record.id, '   ')).json().fields).toEqual({
      passportNumber: 'Enter your passport number.',
    });
  });

  it('limits guesses per record, whoever guesses, and not the next record', async () => {
    const record = await holderRecord();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await claim(harness, record.id, `X000000${attempt}Z`)).statusCode).toBe(400);
    }
    const limited = await claim(harness, record.id, record.passportNumber);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/try again in \d+ minutes/),
    });
    expect(limited.headers['retry-after']).toBeDefined();

    const next = await holderRecord();
    expect((await claim(harness, next.id, next.passportNumber)).statusCode).toBe(201);
  });

  it('limits guesses per client, from the verification budget', async () => {
    const tight = await createCredentialsTestApp({ VERIFY_RATE_LIMIT: '3/10m' });
    try {
      const records = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          insertPerson(tight.database.db, { finNumber: `L000000${n}A`, passportNumber: `P${n}` }),
        ),
      );
      const answers = [];
      for (const record of records)
        answers.push((await claim(tight, record.id, record.passportNumber)).statusCode);
      expect(answers).toEqual([201, 201, 201, 429]);
    } finally {
      await tight.close();
    }
  });

  it('offers nothing for a revoked or unknown record, nor when the page shows passport numbers', async () => {
    const record = await holderRecord();
    await revokeRecord(harness, record.id);
    expect((await claim(harness, record.id, record.passportNumber)).json()).toMatchObject({
      statusCode: 409,
      message: 'This e-Cert is revoked: it cannot be added to a wallet.',
    });
    expect((await claim(harness, '3f0b7f8e-1c1a-4b7e-8f2e-5a0c1d2e3f40', 'E1')).statusCode).toBe(404);

    const unmasked = await createCredentialsTestApp({ MASK_IDENTIFIERS: 'false' });
    try {
      const shown = await insertPerson(unmasked.database.db, { passportNumber: 'E7654321' });
      expect((await claim(unmasked, shown.id, 'E7654321')).statusCode).toBe(403);
    } finally {
      await unmasked.close();
    }
    // A published passport scan shows the number as well: its record offers no claim either.
    const published = await createCredentialsTestApp({ PUBLIC_IDENTITY_DOCUMENTS: 'true' });
    try {
      const scan = { key: `${'a'.repeat(64)}.webp`, contentType: 'image/webp', size: 64 };
      const scanned = await insertPerson(published.database.db, {
        passportNumber: 'E1234567',
        passportImage: scan,
      });
      expect((await claim(published, scanned.id, 'E1234567')).statusCode).toBe(403);
      const unscanned = await insertPerson(published.database.db, { passportNumber: 'E2345678' });
      expect((await claim(published, unscanned.id, 'E2345678')).statusCode).toBe(201);
    } finally {
      await published.close();
    }
  });

  it('gives nothing for a record revoked while its exchange was open', async () => {
    const holder = await newHolder();
    const { record, exchangeUrl, presentation } = await openedExchange(holder);
    await revokeRecord(harness, record.id);
    const answer = await walletHttp(harness).post(exchangeUrl, { verifiablePresentation: presentation });
    expect(answer.statusCode).toBe(409);
    expect(await exchangeRow(exchangeUrl)).toMatchObject({ completedAt: null });
  });
});
