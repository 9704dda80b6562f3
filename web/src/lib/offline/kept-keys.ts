// Where a member's things kept on this browser for opening offline are stored (ADR 79, 86):
// their answers under one key, and what goes with them under that key and a suffix, so that
// deleting a member's answers deletes all of it. Its own module: the site's shell reads these
// keys without loading the kept answers' code.

export const keptPrefix = 'hostelhub-offline:';

/** A member's kept answers. */
export const keptAnswersKey = (uid: string) => `${keptPrefix}${uid}`;

/** The pass page kept for the member (kept-pass-page.ts; web/inline/kept-pass-page.js). */
export const keptPassPageKey = (uid: string) => `${keptAnswersKey(uid)}:pass-page`;
