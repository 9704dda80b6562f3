import type { RequestHandler } from 'express';

/**
 * Public answers (meal lists, a meal, packages, upcoming meals) are the same for every
 * anonymous visitor, so browsers may keep them 30 s and the Hosting CDN 5 minutes, serving a
 * stale copy for up to 10 more while it refreshes in the background. An admin's change
 * therefore reaches visitors within about five minutes, which meals and prices tolerate; in
 * exchange a busy home page costs one function run per five minutes, not one per visitor.
 */
export const publicCacheControl = 'public, max-age=30, s-maxage=300, stale-while-revalidate=600';

/** Anything personal, and every error: neither the browser's cache nor a shared one keeps it. */
export const privateCacheControl = 'private, no-store';

/** The default for every answer of the API. */
export const keepPrivate: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', privateCacheControl);
  next();
};

/**
 * For public reads that show more to a signed-in caller (liked, mine, an admin's extra
 * field): only the anonymous answer may be shared, and caches must key on Authorization.
 */
export const shareWhenAnonymous: RequestHandler = (req, res, next) => {
  res.vary('Authorization');
  if (!req.header('authorization')) res.set('Cache-Control', publicCacheControl);
  next();
};
