/** The kept bench database of N records, and an approved verifier with an API key, for the list benches. */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { verifier, verifierApiKey } from '../../src/server/db/schema/index.ts';
import { hashKey, keyPrefix, newKeySecret } from '../../src/server/features/api-keys/key-secret.ts';
import { generate } from '../generate.ts';
import type { SampleRow } from './http-bench.ts';
import { openTarget, type Target } from './target.ts';

const workDir = path.resolve('bench/.work');

/**
 * The database `dbName` with `records` generated people, made unless a run with the same count kept
 * it (its marker in bench/.work says so).
 */
export async function prepareData({
  adminUrl,
  dbName,
  records,
  log,
}: {
  adminUrl: string;
  dbName: string;
  records: number;
  log: (line: string) => void;
}): Promise<Target> {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const target: Target = { kind: 'postgres', url: url.toString() };
  const marker = path.join(workDir, `${dbName}.json`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount;
    const kept = fs.existsSync(marker) && JSON.parse(fs.readFileSync(marker, 'utf8')).records === records;
    if (exists && kept) return target;
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
  } finally {
    await admin.end();
  }
  await generate(target, { records, log });
  fs.mkdirSync(workDir, { recursive: true });
  fs.writeFileSync(marker, JSON.stringify({ records }));
  return target;
}

/** Drops the bench database and its marker. */
export async function dropData({ adminUrl, dbName }: { adminUrl: string; dbName: string }) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName}`);
  await admin.end();
  fs.rmSync(path.join(workDir, `${dbName}.json`), { force: true });
}

/** An approved verifier with a quota no run reaches, its API key, and a sample of live records. */
export async function prepareVerifier(target: Target) {
  const opened = await openTarget(target);
  try {
    const [account] = await opened.database.db
      .insert(verifier)
      .values({
        companyName: 'Bench Contractors Pte Ltd',
        registrationNumber: '202400001B',
        contactName: 'Bench Verifier',
        email: 'bench-verifier@example.test',
        purpose: 'Benchmark',
        status: 'approved',
        dailyQuota: 1_000_000_000,
        decidedAt: new Date(),
      })
      .returning({ id: verifier.id });
    if (!account) throw new Error('no verifier row');
    const key = newKeySecret();
    await opened.database.db
      .insert(verifierApiKey)
      .values({ verifierId: account.id, name: 'bench', prefix: keyPrefix(key), hash: hashKey(key) });
    const sample = await opened.query<SampleRow>(
      `select id, fin_number as fin, e_cert_number as serial, name, passport_number as passport, nationality
         from person where deleted_at is null order by random() limit 5000`,
    );
    return { key, sample };
  } finally {
    await opened.database.close();
  }
}
