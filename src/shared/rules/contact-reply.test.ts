import { describe, expect, it } from 'vitest';
import { chooseReplyTopic } from './contact-reply.ts';

describe('chooseReplyTopic', () => {
  it.each([
    ['I need support with my account', 'support'],
    ['SUPPORT please', 'support'],
    ['What is your pricing for groups?', 'pricing'],
    ['Pricing?', 'pricing'],
    ['I got an error on the verify page', 'bug'],
    ['Found a Bug in the footer', 'bug'],
    ['There are bugs and errors', 'bug'],
    ['Thank you for the course', 'default'],
    ['', 'default'],
    // Whole words only: these contain the letters but not the keyword.
    ['My debugger crashed', 'default'],
    ['The terror of exams', 'default'],
    ['Unsupportable delays', 'default'],
    // Precedence follows the spec's order: support, pricing, then error/bug.
    ['Support for the pricing error', 'support'],
    ['pricing page shows an error', 'pricing'],
  ] as const)('%j → %s', (message, topic) => {
    expect(chooseReplyTopic(message)).toBe(topic);
  });
});
