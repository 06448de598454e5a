import { describe, expect, it } from 'vitest';
import { recordState } from './record-state.ts';

describe('recordState', () => {
  it.each([
    [null, 'available', 'valid'],
    [null, 'unavailable', 'expired'],
    ['2026-11-26T10:00:00.000Z', 'available', 'revoked'],
    ['2026-11-26T10:00:00.000Z', 'unavailable', 'revoked'],
  ] as const)('revoked at %s, course %s → %s', (revokedAt, courseStatus, expected) => {
    expect(recordState({ revokedAt, courseStatus })).toBe(expected);
  });
});
