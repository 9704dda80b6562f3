// Firestore has no full-text search. Each meal stores the prefixes of every phrase that
// starts at a word of its title, so one array-contains finds any text that starts at a word
// boundary ("chick", "chicken sal"), case-insensitively. Users and meal requests store the
// same tokens of a name and email. The API writes them and the demo seed writes them the
// same way, so seeded documents are found like any other.

const maxTokenLength = 40;

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
  return searchWords(text).join(' ').slice(0, maxTokenLength);
}

export function searchTokensFor(title: string): string[] {
  const words = searchWords(title);
  const tokens = new Set<string>();
  for (let start = 0; start < words.length; start++) {
    const phrase = words.slice(start).join(' ').slice(0, maxTokenLength);
    for (let end = 1; end <= phrase.length; end++) {
      const token = phrase.slice(0, end).trimEnd();
      if (token) tokens.add(token);
    }
  }
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
