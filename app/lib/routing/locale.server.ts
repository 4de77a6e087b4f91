import type { MiddlewareFunction } from 'react-router';
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  detectLocale,
  isSupportedLocale,
} from '../../../domain/locale.ts';

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * Remembers the visitor's language in `i18n_redirected`. Detection from the
 * browser happens on the root path only; other pages never guess. With English
 * the only language there is nothing to redirect to: `/` stays `/`.
 */
export const localeMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const url = new URL(request.url);
  const current = readCookie(request.headers.get('cookie'), LOCALE_COOKIE);
  if (url.pathname !== '/' || isSupportedLocale(current)) return response;
  const locale = detectLocale(request.headers.get('accept-language'));
  response.headers.append(
    'Set-Cookie',
    `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`,
  );
  return response;
};
