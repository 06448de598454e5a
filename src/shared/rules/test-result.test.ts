import { describe, expect, it } from 'vitest';
import { isPassed, readTestResult } from './test-result.ts';

describe('isPassed', () => {
  it.each([
    ['Passed', true],
    ['passed', true],
    ['PASSED', true],
    [' Passed ', true],
    ['Pass', false],
    ['Failed', false],
    ['Pending', false],
    ['Not passed', false],
    ['', false],
  ])('%j → %s', (result, expected) => {
    expect(isPassed(result)).toBe(expected);
  });
});

describe('readTestResult', () => {
  it.each([
    ['Passed', 'Passed'],
    ['Pass', 'Passed'],
    ['PASS', 'Passed'],
    ['p', 'Passed'],
    [' passed ', 'Passed'],
    ['Fail', 'Failed'],
    ['F', 'Failed'],
    ['FAILED', 'Failed'],
    ['pending', 'Pending'],
    ['Absent', 'Absent'],
    ['ABS', 'Absent'],
    ['Passed with merit', undefined],
    ['Competent', undefined],
    ['', undefined],
  ])('%j → %s', (text, expected) => {
    expect(readTestResult(text)).toBe(expected);
  });
});
