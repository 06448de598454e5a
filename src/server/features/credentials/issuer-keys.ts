import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { issuerKey } from '../../db/schema/credentials.ts';
import { openSecret, sealSecret } from '../../seal-secret.ts';
import { keyId, type SigningKey } from './issuer-identity.ts';

export interface IssuerKeys {
  /** The key new credentials are signed with. */
  signing: SigningKey;
  /** Every key ever used, newest first: all stay in the DID document. */
  published: { publicKeyMultibase: string }[];
}

type KeyRow = typeof issuerKey.$inferSelect;

async function sealedRow(masterSecret: string, generation: number, seed?: Uint8Array) {
  const pair = await Ed25519Multikey.generate(seed ? { seed } : {});
  const exported = await pair.export({ publicKey: true, secretKey: true });
  const publicKeyMultibase = pair.publicKeyMultibase;
  const secret = exported.secretKeyMultibase;
  if (!secret) throw new Error('The key library exported no secret key.');
  return {
    generation,
    publicKeyMultibase,
    secretKeySealed: sealSecret(masterSecret, secret, publicKeyMultibase),
  };
}

const nextGeneration = sql<number>`(select coalesce(max(${issuerKey.generation}), 0) + 1 from ${issuerKey})`;

/**
 * Makes sure a key exists. Without ISSUER_KEY: generation 1, inserted by whichever instance comes
 * first (the others' inserts do nothing). With it: that key as the newest generation unless stored.
 */
export async function ensureIssuerKey(db: Db, masterSecret: string, seed?: Uint8Array): Promise<void> {
  if (!seed) {
    await db
      .insert(issuerKey)
      .values(await sealedRow(masterSecret, 1))
      .onConflictDoNothing();
    return;
  }
  const row = await sealedRow(masterSecret, 0, seed);
  // Another instance may take the same generation at the same moment: try again on top of it.
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await db
      .select({ generation: issuerKey.generation })
      .from(issuerKey)
      .where(sql`${issuerKey.publicKeyMultibase} = ${row.publicKeyMultibase}`);
    if (stored.length > 0) return;
    await db
      .insert(issuerKey)
      .values({ ...row, generation: nextGeneration })
      .onConflictDoNothing();
  }
  throw new Error('Could not store ISSUER_KEY.');
}

/** A new key that signs from now on; the old ones stay published. */
export async function rotateIssuerKey(db: Db, masterSecret: string): Promise<string> {
  const row = await sealedRow(masterSecret, 0);
  await db.insert(issuerKey).values({ ...row, generation: nextGeneration });
  return row.publicKeyMultibase;
}

async function openRow(row: KeyRow, masterSecret: string, did: string): Promise<SigningKey> {
  const secretKeyMultibase = openSecret(masterSecret, row.secretKeySealed, row.publicKeyMultibase);
  // The id becomes the proof's verificationMethod: the key's entry in our DID document.
  const pair = await Ed25519Multikey.from({
    type: 'Multikey',
    id: keyId(did, row),
    controller: did,
    publicKeyMultibase: row.publicKeyMultibase,
    secretKeyMultibase,
  });
  return { pair, publicKeyMultibase: row.publicKeyMultibase };
}

/**
 * The stored keys. The newest signs, unless ISSUER_KEY names one: an operator who pins a key keeps
 * signing with it even after someone rotated in the database.
 */
export async function readIssuerKeys(
  db: Db,
  options: { masterSecret: string; did: string; pinned?: string },
): Promise<IssuerKeys> {
  const { masterSecret, did, pinned } = options;
  const rows = await db.select().from(issuerKey).orderBy(desc(issuerKey.generation));
  const signingRow = rows.find((row) => row.publicKeyMultibase === pinned) ?? rows[0];
  if (!signingRow) throw new Error('No issuer key is stored.');
  return {
    signing: await openRow(signingRow, masterSecret, did),
    published: rows.map(({ publicKeyMultibase }) => ({ publicKeyMultibase })),
  };
}

/** ISSUER_KEY's public half, to find it among the stored keys. */
export async function publicKeyOfSeed(seed: Uint8Array): Promise<string> {
  return (await Ed25519Multikey.generate({ seed })).publicKeyMultibase;
}
