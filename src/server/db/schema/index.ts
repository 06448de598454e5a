export * from './audit.ts';
export * from './auth.ts';
export * from './messages.ts';
export * from './person.ts';
export * from './person-live-search.ts';
export * from './person-search-chunk.ts';
export * from './person-search-punctuation.ts';
export * from './renewal.ts';
