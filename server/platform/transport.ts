// How a request reached us (issue #17): Secure cookies and HSTS depend on it.

/**
 * Whether the visitor's request came over HTTPS: TLS on this server itself, or,
 * behind a reverse proxy that is trusted (TRUST_PROXY), the proxy's
 * X-Forwarded-Proto. Its first value is the visitor's side of a chain of
 * proxies. A client that sends the header itself past a proxy that appends to
 * it gains nothing: Secure cookies and HSTS over plain http are ignored by
 * browsers.
 */
export function arrivedOverHttps(request: Request, trustProxy: boolean): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  if (!trustProxy) return false;
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}
