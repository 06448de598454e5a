import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { failureText, serverMessage } from './failure-text.ts';

const answered = (status: number, message?: string) =>
  new ApiRequestError(status, message === undefined ? null : { statusCode: status, code: 'X', message });

describe('failureText', () => {
  it.each([
    ['a refusal with words', answered(400, 'The name is taken.'), 'The name is taken.'],
    ['a server failure with words', answered(500, 'Something broke.'), 'Something broke.'],
    ['an answer without a body', answered(502), 'failed'],
    ['an unreached server', answered(0), 'network'],
    ['an error that is not a request', new TypeError('x'), 'failed'],
  ])('says the right thing for %s', (_, error, expected) => {
    expect(failureText(error, 'failed', 'network')).toBe(expected);
  });
});

describe('serverMessage', () => {
  it('keeps a 5xx message out when only refusals speak', () => {
    expect(serverMessage(answered(503, 'Busy.'), { refusalsOnly: true })).toBeUndefined();
    expect(serverMessage(answered(413, 'Too large.'), { refusalsOnly: true })).toBe('Too large.');
  });
});
