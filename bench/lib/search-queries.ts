import type { createRandom } from './fake-people.ts';

type Random = ReturnType<typeof createRandom>;

/** The fields of a real record a search is drawn from. */
export interface SearchSource {
  fin: string;
  serial: string;
  name: string;
  passport: string;
  nationality: string;
}

export interface SearchQuery {
  kind: string;
  q: string;
}

const anyCase = (random: Random, text: string) => {
  const roll = random.next();
  return roll < 0.4 ? text.toLowerCase() : roll < 0.6 ? text.toUpperCase() : text;
};
/** A piece of `text` of at least 3 characters (all of it when shorter). */
const piece = (random: Random, text: string, start: number) => {
  const length = random.int(Math.min(3, text.length - start), text.length - start);
  return text.slice(start, start + length);
};

/**
 * What staff type (the budget of DESIGN.md §9): whole or partial names of 3 or more characters in
 * any case, whole FIN, passport and serial numbers, prefixes of 3 or more characters of those, and
 * nationalities. Names come up as often as all identifiers together.
 */
export function staffSearches(random: Random) {
  return (row: SearchSource): SearchQuery => {
    const roll = random.next();
    if (roll < 0.15) return { kind: 'name', q: anyCase(random, row.name) };
    if (roll < 0.3) return { kind: 'name-word', q: anyCase(random, random.pick(row.name.split(' '))) };
    if (roll < 0.4) {
      const start = random.int(0, Math.max(0, row.name.length - 3));
      return { kind: 'name-part', q: anyCase(random, piece(random, row.name, start)) };
    }
    const identifier = random.pick([row.fin, row.passport, row.serial]);
    if (roll < 0.6) return { kind: 'identifier', q: anyCase(random, identifier) };
    if (roll < 0.85) return { kind: 'prefix', q: anyCase(random, piece(random, identifier, 0)) };
    return { kind: 'nationality', q: anyCase(random, row.nationality) };
  };
}

/** Three digits from the middle of a serial: a pattern that matches very many people. */
export function broadSearches(random: Random) {
  return (row: SearchSource): SearchQuery => {
    const digits = row.serial.slice(-7);
    const start = random.int(1, digits.length - 4);
    return { kind: 'broad', q: digits.slice(start, start + 3) };
  };
}

/** The earlier budget's mix: a 3-6 character slice of any field, in its own case or lower case. */
export function sliceSearches(random: Random) {
  const fields = ['name', 'name', 'passport', 'fin', 'serial', 'nationality'] as const;
  return (row: SearchSource): SearchQuery => {
    const field = random.pick(fields);
    const text = row[field];
    const length = Math.min(text.length, random.int(3, 6));
    const start = random.int(0, text.length - length);
    const part = text.slice(start, start + length);
    return { kind: `slice-${field}`, q: random.next() < 0.5 ? part.toLowerCase() : part };
  };
}
