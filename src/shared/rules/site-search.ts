export interface ParsedQuery {
  /** Quoted text, matched as one contiguous phrase. */
  phrases: string[];
  /** Unquoted words, each matched anywhere. */
  words: string[];
}

const normalise = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/** Splits a query into "quoted phrases" and loose words; an unclosed quote counts as a phrase. */
export function parseQuery(query: string): ParsedQuery {
  const phrases: string[] = [];
  const rest = query.replace(/"([^"]*)("|$)/g, (_, phrase: string) => {
    const p = normalise(phrase);
    if (p) phrases.push(p);
    return ' ';
  });
  const words = normalise(rest).split(' ').filter(Boolean);
  return { phrases, words };
}

export interface SearchDocument {
  title: string;
  body: string;
}

/**
 * Scores a document against a query: 0 when any phrase or word is missing,
 * otherwise higher for more hits, with title hits counting triple.
 */
function scoreDocument(doc: SearchDocument, query: ParsedQuery): number {
  const terms = [...query.phrases, ...query.words];
  if (terms.length === 0) return 0;
  const title = normalise(doc.title);
  const body = normalise(doc.body);
  let score = 0;
  for (const term of terms) {
    const hits = countOccurrences(title, term) * 3 + countOccurrences(body, term);
    if (hits === 0) return 0;
    score += hits;
  }
  return score;
}

function countOccurrences(text: string, term: string): number {
  let count = 0;
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) count++;
  return count;
}

/** Documents that match, best first; ties keep their original order. */
export function searchDocuments<D extends SearchDocument>(docs: D[], query: string): D[] {
  const parsed = parseQuery(query);
  return docs
    .map((doc, index) => ({ doc, index, score: scoreDocument(doc, parsed) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((hit) => hit.doc);
}
