import { describe, expect, it } from 'vitest';
import { WaitingRequests } from './waiting-requests.ts';

describe('a queue of requests waiting for their answer', () => {
  it('counts the answers a second since it formed, not over the quiet before it', () => {
    const waiting = new WaitingRequests<string>();
    waiting.add('before', 900);
    waiting.answered('before');
    // Idle from 900 to 1,000; a queue forms then, and one answer starts in its first 100 ms.
    waiting.add('first', 1_000);
    waiting.add('second', 1_010);
    waiting.add('third', 1_020);
    waiting.answered('first');

    expect(waiting.formedFor(1_100)).toBe(100);
    expect(waiting.answersPerSecondSinceFormed(1_100)).toBe(10);
  });

  it('counts a request whose client went as gone, not answered', () => {
    const waiting = new WaitingRequests<string>();
    waiting.add('gone', 1_000);
    waiting.add('kept', 1_000);

    expect(waiting.remove('gone')).toBe(true);
    expect(waiting.answersPerSecondSinceFormed(1_500)).toBe(0);
    expect(waiting.answered('kept')).toBe(true);
    expect(waiting.answered('kept')).toBe(false);
    expect(waiting.formedFor(1_600)).toBe(0);
  });
});
