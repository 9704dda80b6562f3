// Firestore has no full-text search. Each meal stores the prefixes of phrases that start at a
// word of its title, ingredients and description, in the words as written and in their
// simple singular forms (`wordStem`), so one array-contains finds any text that starts at a
// word boundary ("chick", "chicken sal", "pancakes", "smoked salmon"), case-insensitively
// (ADR 0001, ADR 0026). Users and meal requests store the same kind of tokens of a name and
// email, without word forms (names are not plurals). The API writes them and the demo seed
// writes them the same way, so seeded documents are found like any other.

const maxTokenLength = 40;

/**
 * At most this many tokens on a meal: firestore.rules refuses more, and every token is an
 * index entry in each index that holds `searchTokens` (seven on meals), well under Firestore's
 * 40,000 entries per document.
 */
export const maxMealSearchTokens = 1000;

/** The most words of one phrase of ingredients or description that a search can match at once. */
export const maxBodyPhraseWords = 3;

/** Lowercase words of a text, without punctuation. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The normalised form a search box text is matched by, or '' when it has no words. */
export function normalizeSearch(text: string): string {
  return searchWords(text).join(' ').slice(0, maxTokenLength).trimEnd();
}

/**
 * A word's simple singular form, the same when indexing and when searching: pancakes and
 * pancake give pancake, berries and berry give berry, cookies and cookie give cooky, dishes
 * dish, boxes box, tomatoes tomato, glasses glass. Words of three letters or fewer, words with
 * digits and words ending in -ss or -us stay as they are. Irregular plurals (loaves, leaves,
 * knives) are not mapped to their singular: "loaves" finds what says loaves, not loaf.
 */
export function wordStem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.length >= 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length >= 5 && word.endsWith('ie')) return `${word.slice(0, -2)}y`;
  if (word.length >= 5 && /(ss|x|z|ch|sh|o)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * What GET /meals searches meals by: the words of the text in their `wordStem` form. It is a
 * prefix of a meal's tokens whenever the text starts at a word of the meal, however either
 * spells the plural, and still while the last word is half typed.
 */
export function normalizeMealSearch(text: string): string {
  return searchWords(text).map(wordStem).join(' ').slice(0, maxTokenLength).trimEnd();
}

/** Every prefix of every phrase of up to `maxWords` words starting at a word of `words`. */
function phrasePrefixes(words: string[], maxWords: number): string[][] {
  const phrases: string[][] = [];
  for (let start = 0; start < words.length; start++) {
    const phrase = words
      .slice(start, start + maxWords)
      .join(' ')
      .slice(0, maxTokenLength);
    const prefixes: string[] = [];
    for (let end = 1; end <= phrase.length; end++) {
      const token = phrase.slice(0, end).trimEnd();
      if (token) prefixes.push(token);
    }
    phrases.push(prefixes);
  }
  return phrases;
}

export function searchTokensFor(title: string): string[] {
  return [...new Set(phrasePrefixes(searchWords(title), Infinity).flat())];
}

/** The words as written and, where it differs, in their `wordStem` form. */
const wordForms = (words: string[]): string[][] => {
  const stems = words.map(wordStem);
  return stems.some((stem, index) => stem !== words[index]) ? [words, stems] : [words];
};

/**
 * A meal's `searchTokens`: whole-title phrases first, then every word of the ingredients and
 * the description, then their phrases of up to `maxBodyPhraseWords` words within one
 * ingredient or sentence; each as written and in its singular form, deduplicated. A phrase is
 * kept whole or left out, and nothing is added past `maxMealSearchTokens`, so the words that
 * matter most (the title's, then each word once) are never the ones cut.
 */
export function mealSearchTokens(meal: { title: string; ingredients?: string; description?: string }): string[] {
  const tokens = new Set<string>();
  const add = (phrases: string[][]) => {
    for (const prefixes of phrases) {
      const fresh = prefixes.filter((token) => !tokens.has(token));
      if (tokens.size + fresh.length > maxMealSearchTokens) continue;
      for (const token of fresh) tokens.add(token);
    }
  };
  for (const forms of wordForms(searchWords(meal.title))) add(phrasePrefixes(forms, Infinity));
  // Phrases stop at a comma or the end of a sentence: "salt, pepper" is two ingredients.
  const parts = [meal.ingredients ?? '', meal.description ?? '']
    .flatMap((text) => text.split(/[,.;:!?()\n]+/))
    .map(searchWords)
    .filter((words) => words.length > 0);
  for (const words of parts) for (const forms of wordForms(words)) add(phrasePrefixes(forms, 1));
  for (const words of parts) for (const forms of wordForms(words)) add(phrasePrefixes(forms, maxBodyPhraseWords));
  return [...tokens];
}

/** Admins find users by the start of any word of their name or email ("ada", "hostelhub"). */
export function userSearchTokens(name: string, email: string): string[] {
  return searchTokensFor(`${name} ${email}`);
}

/** Admins find meal requests by the start of any word of the requester's name or email. */
export function requesterSearchTokens(name: string, email: string): string[] {
  return [...new Set([...searchTokensFor(name), ...searchTokensFor(email)])];
}
