import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identityHashInput, identityHashOf } from './identity-hash.ts';

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
