import { describe, expect, it } from 'vitest';
import { isRecordId } from './record-id.ts';

describe('isRecordId', () => {
  it.each([
    ['0b6f3a52-8d1e-4c2a-9f3b-5e7d9c1a2b3c', true],
    ['0B6F3A52-8D1E-4C2A-9F3B-5E7D9C1A2B3C', true],
    ['00000000-0000-0000-0000-000000000000', true],
    ['0b6f3a52-8d1e-4c2a-9f3b-5e7d9c1a2b3', false],
    ['0b6f3a528d1e4c2a9f3b5e7d9c1a2b3c', false],
    ['{0b6f3a52-8d1e-4c2a-9f3b-5e7d9c1a2b3c}', false],
    ['0b6f3a52-8d1e-4c2a-9f3b-5e7d9c1a2b3c\n', false],
    ['not-a-uuid', false],
    ['', false],
  ])('%j → %j', (id, expected) => {
    expect(isRecordId(id)).toBe(expected);
  });
});
