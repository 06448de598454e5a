import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { judgePassword, weakPasswordMessage } from './password-strength.ts';

describe('judgePassword', () => {
  it('refuses each of the 1,000 most common passwords', { timeout: 60_000 }, () => {
    const mostCommon = dictionary['passwords-common'].slice(0, 1000);
    expect(mostCommon).toHaveLength(1000);
    expect(mostCommon.filter((password) => judgePassword(password).strong)).toEqual([]);
  });

  it.each([
    ['password12', false],
    ['password1234', false],
    ['aaaaaaaaaaaa', false],
    ['qwertyuiop', false],
    ['1234567890', false],
    ['Summer2024!', false],
    ['correct horse battery staple', true],
    ['plum kettle orbit 1977', true],
  ])('%j strong: %s', (password, strong) => {
    expect(judgePassword(password).strong).toBe(strong);
  });

  it("refuses the account's own email and name with a few digits", () => {
    expect(judgePassword('Vantrovelisk2026').strong).toBe(true);
    expect(judgePassword('Vantrovelisk2026', ['vantrovelisk@example.com']).strong).toBe(false);
    expect(judgePassword('Zorbanquith77!', ['Zorbanquith Smith']).strong).toBe(false);
  });

  it('says why a password is weak and how to make it stronger', () => {
    const judged = judgePassword('password12');
    expect(judged.warning).toBe('This is a commonly used password.');
    expect(judged.suggestions.length).toBeGreaterThan(0);
    expect(weakPasswordMessage(judged)).toBe(
      'Password is too easy to guess. This is a commonly used password.',
    );
  });
});
