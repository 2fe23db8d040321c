/** One word of the search box. */
export interface SearchTerm {
  /** Letters and digits only, as typed (the database lower-cases and stems it). */
  word: string;
  /** Written `-word`: results must not have it. */
  negated: boolean;
  /**
   * The last word, perhaps still being typed: the known words it begins match too ("mount"
   * finds "Mountain"); a word with digits matches as a prefix of the indexed words instead.
   */
  prefix: 'words' | 'lexeme' | null;
  /** Long enough, and letters only, to be corrected to known words when it is not one. */
  correctable: boolean;
}

/**
 * A search as the loose query reads it: OR of groups (split by the word `or`), each group the
 * AND of its terms, as websearch_to_tsquery reads `q` without quotes. Null when `q` holds a
 * quoted phrase, which is searched as written (websearch_to_tsquery), or too many words.
 */
export type SearchGroups = SearchTerm[][] | null;

const WORD = /[\p{L}\p{N}]+/gu;
const LETTERS = /^\p{L}+$/u;
// Past this many words a search is precise as written, and each correction costs a lookup.
const MAX_TERMS = 10;
const MIN_PREFIX_LENGTH = 2;
// Shorter words have too few trigrams for a correction to mean anything.
const MIN_CORRECTED_LENGTH = 4;

/** Spaces collapsed: the same search however it was typed (and one cursor list for both). */
export function normalizeQuery(q: string): string {
  return q.trim().replace(/\s+/g, ' ');
}

export function searchGroups(q: string): SearchGroups {
  if (q.includes('"')) return null;
  const matches = [...q.matchAll(WORD)];
  if (matches.length > MAX_TERMS) return null;
  const groups: SearchTerm[][] = [[]];
  matches.forEach((match, index) => {
    const word = match[0];
    const last = index === matches.length - 1;
    // websearch_to_tsquery's negation: a '-' at the start or after a space.
    const negated = /(^|\s)-$/.test(q.slice(0, match.index));
    // `or` between words separates alternatives; last, it may be the start of "orchid".
    if (!negated && !last && word.toLowerCase() === 'or') {
      groups.push([]);
      return;
    }
    const letters = LETTERS.test(word);
    groups.at(-1)!.push({
      word,
      negated,
      prefix:
        last && !negated && word.length >= MIN_PREFIX_LENGTH
          ? letters
            ? 'words'
            : 'lexeme'
          : null,
      correctable: !negated && letters && word.length >= MIN_CORRECTED_LENGTH,
    });
  });
  return groups.filter((group) => group.length > 0);
}
