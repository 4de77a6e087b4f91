// CSRF for cookie-authenticated writes (issue #6): a browser tells us where a
// request comes from (Sec-Fetch-Site, else Origin); a write from another site
// is refused. SameSite=Lax cookies already stay off cross-site POSTs in modern
// browsers; this check does not depend on that.

export type RequestSite = 'same-origin' | 'cross-site' | 'unknown';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requestSite(request: Request, allowedOrigins: ReadonlySet<string>): RequestSite {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none' ? 'same-origin' : 'cross-site';
  const origin = request.headers.get('origin');
  if (origin)
    return allowedOrigins.has(origin) || origin === new URL(request.url).origin ? 'same-origin' : 'cross-site';
  return 'unknown';
}

/**
 * True when a write must be refused: any page form post from another site
 * (login CSRF included), and an API write from another site or of unknown
 * origin that would be authenticated by our cookies.
 *
 * A request is either Bearer-authenticated or cookie-authenticated, never a
 * mix (issue #17): `bearer` is true only when the session will take its user
 * from an `Authorization: Bearer` token and ignore the cookies, so it carries
 * no ambient authority. Any other Authorization header (Basic, a malformed
 * Bearer) leaves the cookies in charge, and the same-origin rule applies.
 */
export function isForbiddenCrossSiteWrite(
  request: Request,
  options: { allowedOrigins: ReadonlySet<string>; hasSessionCookie: boolean; bearer: boolean },
): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = requestSite(request, options.allowedOrigins);
  if (site === 'same-origin') return false;
  const isApi = new URL(request.url).pathname.startsWith('/api/');
  if (isApi && options.bearer) return false;
  if (site === 'cross-site') return !isApi || options.hasSessionCookie;
  // No browser signal at all: fine for cookie-less clients (curl, server-to-server).
  return options.hasSessionCookie;
}
