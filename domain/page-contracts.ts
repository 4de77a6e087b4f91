// Addresses of the pages staff write in the CMS (issue #20): a page with slug
// `club-rules` is served at /club-rules and /en/club-rules (app/routes.ts,
// `en?/:name`). Every other route of the site is matched before that one, so a
// page whose slug a route already uses could never be seen: such slugs are
// refused when the page is saved, with the reason. page-contracts.test.ts
// checks this list against app/routes.ts, so a new route cannot be forgotten
// here. The CMS's forms read the limits too, so they live in domain/.

/** Lower-case words of letters and digits joined by single hyphens. */
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PAGE_SLUG_MAX_LENGTH = 80;

/**
 * First path segments the site answers itself: the pages of app/routes.ts, the
 * server's own paths (server/http.ts: the API, built assets, sitemaps, metrics)
 * and the files of public/ without their extension, so none can be mistaken
 * for another.
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  // app/routes.ts
  'en',
  'hot-match-today',
  'live-sports',
  'sport',
  'league',
  'team',
  'match',
  'match-highlight',
  'movies',
  'pricing',
  'pricing-sport',
  'payment',
  'about-us',
  'contact',
  'terms',
  'policy',
  'login',
  'register',
  'auth',
  'account',
  'cms',
  // server/http.ts and server/modules/site/sitemap.ts
  'api',
  'assets',
  'metrics',
  'sitemap',
  'sitemaps',
  'robots',
  // public/
  'favicon',
]);

/**
 * Longest Markdown a page may hold, in characters. Every request body stops at 64 kB
 * (server/platform/request-body.ts), and the editor's form travels as multipart, byte for byte:
 * this leaves room for the other fields and for letters that take more than one byte.
 */
export const PAGE_BODY_MAX_LENGTH = 40_000;
export const PAGE_TITLE_MAX_LENGTH = 150;
export const PAGE_DESCRIPTION_MAX_LENGTH = 300;

export type SlugProblem = 'pattern' | 'length' | 'reserved';

/** Why `slug` cannot address a page, or null when it can. */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length > PAGE_SLUG_MAX_LENGTH) return 'length';
  if (!PAGE_SLUG_PATTERN.test(slug)) return 'pattern';
  if (RESERVED_PAGE_SLUGS.has(slug)) return 'reserved';
  return null;
}

export function slugProblemMessage(slug: string, problem: SlugProblem): string {
  switch (problem) {
    case 'length':
      return `Use at most ${PAGE_SLUG_MAX_LENGTH} characters`;
    case 'pattern':
      return 'Use lower-case letters, digits and single hyphens between words, like club-rules';
    case 'reserved':
      return `/${slug} is already an address of the site, so a page there could never be seen. Choose another address`;
  }
}
