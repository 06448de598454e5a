import { describe, expect, it } from 'vitest';
import { fileChanges } from './content-changes.ts';

describe('the changes between two versions of a page', () => {
  it.each([
    ['same page', { title: 'A', items: ['x'] }, { title: 'A', items: ['x'] }, []],
    ['a changed text', { title: 'A' }, { title: 'B' }, [{ field: 'title', before: 'A', after: 'B' }]],
    [
      'a text in a list entry',
      { cards: [{ title: 'A' }, { title: 'B' }] },
      { cards: [{ title: 'A' }, { title: 'C' }] },
      [{ field: 'cards.1.title', before: 'B', after: 'C' }],
    ],
    [
      'an entry added',
      { items: ['x'] },
      { items: ['x', 'y'] },
      [{ field: 'items.1', before: null, after: 'y' }],
    ],
    [
      'an entry removed',
      { items: ['x', 'y'] },
      { items: ['x'] },
      [{ field: 'items.1', before: 'y', after: null }],
    ],
    [
      'a translation added',
      undefined,
      { title: 'A' },
      [{ field: '(whole file)', before: null, after: { title: 'A' } }],
    ],
  ])('%s', (_case, before, after, expected) => {
    expect(fileChanges(before, after)).toEqual(expected);
  });
});
