import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identityHashInput, identityHashOf, saltedFinMatches, saltedFinOf } from './identity-hash.ts';

const hash = (fin: string, salt: string) =>
  identityHashOf(createHash('sha256').update(identityHashInput(fin, salt)).digest('hex'));

describe('identityHashInput', () => {
  it.each([
    ['G1234567N', 'G1234567N'],
    ['g1234567n', 'G1234567N'],
    ['  G1234567N \n', 'G1234567N'],
  ])('hashes %j as %j', (typed, stored) => {
    expect(hash(typed, 'ab12')).toBe(hash(stored, 'ab12'));
  });

  it('depends on the salt, so one FIN gives unrelated hashes in two credentials', () => {
    expect(hash('G1234567N', 'ab12')).not.toBe(hash('G1234567N', 'cd34'));
  });

  it('has the Open Badges form sha256$ and 64 lower-case hex digits', () => {
    expect(hash('G1234567N', 'ab12')).toMatch(/^sha256\$[0-9a-f]{64}$/);
  });
});

describe('saltedFinMatches', () => {
  const salt = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
  // As the server hashed a FIN into credentials before leaving it out.
  const issued = { identityHash: hash('G1234567N', salt), salt };

  it.each([
    ['G1234567N', true],
    [' g1234567n ', true],
    ['G1234567M', false],
    ['', false],
  ])('says whether %j is the hashed FIN: %s', async (typed, matches) => {
    expect(await saltedFinMatches(typed, issued)).toBe(matches);
  });

  it('reads the salted hash of an older credential, and nothing from a newer one', () => {
    const older = {
      credentialSubject: {
        identifier: [
          { identityType: 'name', hashed: false, identityHash: 'Ana Cruz' },
          { identityType: 'nationalIdentityNumber', hashed: true, ...issued },
        ],
      },
    };
    const newer = { credentialSubject: { identifier: [older.credentialSubject.identifier[0]] } };
    expect(saltedFinOf(older)).toEqual(issued);
    expect(saltedFinOf(newer)).toBeUndefined();
    expect(saltedFinOf(null)).toBeUndefined();
  });
});
