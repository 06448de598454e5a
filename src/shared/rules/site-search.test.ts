import { describe, expect, it } from 'vitest';
import { parseQuery, searchDocuments } from './site-search.ts';

const docs = [
  { title: 'Forklift Operation', body: 'Safe lifting with hands-on practice in a warehouse.' },
  { title: 'Food Hygiene', body: 'Practice hands washing and safe storage on site.' },
  { title: 'Workplace Safety', body: 'Hazards, safety signs and safe work at height.' },
];

describe('parseQuery', () => {
  it.each([
    ['forklift', { phrases: [], words: ['forklift'] }],
    ['  Safe   WORK ', { phrases: [], words: ['safe', 'work'] }],
    ['"hands-on practice" warehouse', { phrases: ['hands-on practice'], words: ['warehouse'] }],
    ['"unclosed phrase', { phrases: ['unclosed phrase'], words: [] }],
    ['"" empty', { phrases: [], words: ['empty'] }],
    ['', { phrases: [], words: [] }],
  ])('%j', (query, expected) => {
    expect(parseQuery(query)).toEqual(expected);
  });
});

describe('searchDocuments', () => {
  const titles = (query: string) => searchDocuments(docs, query).map((d) => d.title);

  it('matches a quoted phrase only where the words stand together', () => {
    expect(titles('"hands-on practice"')).toEqual(['Forklift Operation']);
    expect(titles('"practice hands"')).toEqual(['Food Hygiene']);
  });

  it('matches unquoted words anywhere, each required', () => {
    expect(titles('practice hands')).toEqual(['Forklift Operation', 'Food Hygiene']);
    expect(titles('practice hazards')).toEqual([]);
  });

  it('is case-insensitive and ranks title hits first', () => {
    expect(titles('SAFETY')).toEqual(['Workplace Safety']);
    expect(titles('safe')[0]).toBe('Workplace Safety');
  });

  it('returns nothing for an empty query', () => {
    expect(titles('   ')).toEqual([]);
  });
});
