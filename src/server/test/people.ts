import type { Db } from '../db/database.ts';
import { person } from '../db/schema/index.ts';

export type PersonRow = typeof person.$inferInsert;

let serial = 0;

/** A complete, valid person record; tests override only what they are about. */
export function personFixture(overrides: Partial<PersonRow> = {}): PersonRow {
  serial += 1;
  return {
    name: 'Test Person',
    dob: '1990-05-17',
    gender: 'Female',
    nationality: 'Fictionland',
    passportNumber: 'TP1234567',
    finNumber: 'T1234567X',
    eCertNumber: `TEST-${String(serial).padStart(6, '0')}`,
    tradeTested: 'Workplace Safety',
    testLevel: 'Level 1',
    testResult: 'Passed',
    passedDate: new Date().toISOString().slice(0, 10),
    ...overrides,
  };
}

export async function insertPerson(db: Db, overrides: Partial<PersonRow> = {}) {
  const [row] = await db.insert(person).values(personFixture(overrides)).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
