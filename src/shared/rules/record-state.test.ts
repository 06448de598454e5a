import { describe, expect, it } from 'vitest';
import { recordState } from './record-state.ts';

describe('recordState', () => {
  it.each([
    [null, 'available', 'Passed', 'valid'],
    [null, 'unavailable', 'Passed', 'expired'],
    [null, 'unavailable', 'Failed', 'not-passed'],
    [null, 'unavailable', 'Pending', 'not-passed'],
    [null, 'unavailable', 'Absent', 'not-passed'],
    ['2026-11-26T10:00:00.000Z', 'available', 'Passed', 'revoked'],
    ['2026-11-26T10:00:00.000Z', 'unavailable', 'Passed', 'revoked'],
    ['2026-11-26T10:00:00.000Z', 'unavailable', 'Failed', 'revoked'],
  ] as const)('revoked at %s, course %s, result %s → %s', (revokedAt, courseStatus, testResult, expected) => {
    expect(recordState({ revokedAt, courseStatus, testResult })).toBe(expected);
  });
});
