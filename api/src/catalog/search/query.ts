import { sql, type SQL } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import type { SearchGroups, SearchTerm } from './terms.ts';

/** Kept by the triggers of migration 0008; not in the drizzle schema (nothing reads it back). */
export const searchVector = sql`${products}."search_vector"`;

const COMPLETIONS_PER_WORD = 20;
const CORRECTIONS_PER_WORD = 3;

/** The known words `word` begins, shortest first. `word` is letters only: no LIKE wildcard. */
function completions(word: string): SQL {
  return sql`(select string_agg(completion.word, ' ') from (
      select known.word from search_words as known
      where known.word like lower(${word}::text) || '%'
      order by length(known.word), known.word
      limit ${COMPLETIONS_PER_WORD}
    ) as completion)`;
}

/**
 * The known words most like `word` (trigram similarity of at least pg_trgm's 0.3, over the
 * `search_words` table), when `word` is not one itself.
 */
function corrections(word: string): SQL {
  return sql`(select string_agg(correction.word, ' ') from (
      select known.word from search_words as known
      where known.word % lower(${word}::text)
        and not exists (select 1 from search_words as same where same.word = lower(${word}::text))
      order by similarity(known.word, lower(${word}::text)) desc, known.word
      limit ${CORRECTIONS_PER_WORD}
    ) as correction)`;
}

/** The distinct lexemes (English stems) a term stands for: its own, completions, corrections. */
function termLexemes(term: SearchTerm): SQL {
  const words: SQL[] = [sql`${term.word}::text`];
  if (term.prefix === 'words') words.push(completions(term.word));
  if (term.correctable) words.push(corrections(term.word));
  return sql`array(
    select distinct lexeme
    from unnest(tsvector_to_array(to_tsvector('english', concat_ws(' ', ${sql.join(words, sql`, `)}))))
      as lexeme
    order by lexeme)`;
}

/**
 * What the database must say before a search's tsquery can be written: the lexemes of each
 * term, or for a phrase search websearch_to_tsquery's own reading (safe for any text).
 */
export function lexemeLookup(q: string, groups: SearchGroups): { phrase: SQL; lexemes: SQL } {
  if (groups === null) {
    return {
      phrase: sql`websearch_to_tsquery('english', ${q}::text)::text`,
      lexemes: sql`json_build_array()`,
    };
  }
  const terms = groups.flat().map(termLexemes);
  return { phrase: sql`null::text`, lexemes: sql`json_build_array(${sql.join(terms, sql`, `)})` };
}

/** A lexeme in tsquery syntax: quoted, so nothing in it is an operator. */
export const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The tsquery text of the groups, from the lexemes the database found for their terms (in the
 * same order). Each term matches any of its lexemes; a term without any (a stop word) is left
 * out, as websearch_to_tsquery leaves it out; so is a group of nothing but excluded words,
 * which would have to read the whole index to find everything else. Duplicates would double
 * the planner's estimate of how many products match, so there are none.
 */
export function tsqueryText(groups: SearchTerm[][], lexemes: string[][]): string {
  let next = 0;
  const alternatives: string[] = [];
  for (const group of groups) {
    const required: string[] = [];
    const excluded: string[] = [];
    for (const term of group) {
      const own = lexemes[next++] ?? [];
      if (own.length === 0) continue;
      const any = own.map((lexeme) => quoted(lexeme) + (term.prefix === 'lexeme' ? ':*' : ''));
      (term.negated ? excluded : required).push(`(${any.join(' | ')})`);
    }
    if (required.length === 0) continue;
    alternatives.push([...required, ...excluded.map((any) => `!${any}`)].join(' & '));
  }
  return [...new Set(alternatives)].map((alternative) => `(${alternative})`).join(' | ');
}
