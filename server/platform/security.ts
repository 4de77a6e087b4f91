// Security headers for every response (issue #2, Operations). Scripts run only
// from our origin, with this request's nonce (React Router's inline hydration
// scripts) or with the hash of the colour-mode script that must run before paint.
import { createHash, randomBytes } from 'node:crypto';
import { COLOUR_MODE_SCRIPT } from '../../domain/colour-mode.ts';
export { FRAME_SRC_HEADER } from '../../domain/media-contracts.ts';
import type { Config } from './config.ts';

const COLOUR_MODE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COLOUR_MODE_SCRIPT).digest('base64')}'`;
const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The pages another site may show in a frame: the pricing overlay (PRICING_OVERLAY_WEB_DOMAIN_NAME,
 * docs/payments.md). Every other page refuses to be framed at all.
 */
export const FRAMEABLE_PATHS: readonly string[] = ['/pricing', '/pricing-sport'];

/** Who may frame the page at `path`: the CSP frame-ancestors sources. */
export function frameAncestors(config: Pick<Config, 'PRICING_OVERLAY_WEB_DOMAIN_NAME'>, path: string | null): string[] {
  const domain = config.PRICING_OVERLAY_WEB_DOMAIN_NAME;
  const page = path === null ? null : path.replace(/\/+$/, '') || '/';
  if (!domain || page === null || !FRAMEABLE_PATHS.includes(page)) return ["'none'"];
  return ["'self'", `https://${domain}`];
}

/** The https origins a page's FRAME_SRC_HEADER names (comma-separated); anything else is dropped. */
export function frameSources(value: string | null | undefined): string[] {
  if (!value) return [];
  const origins = new Set<string>();
  for (const part of value.split(',')) {
    try {
      const url = new URL(part.trim());
      if (url.protocol === 'https:' && url.origin === part.trim()) origins.add(url.origin);
    } catch {
      // Not a URL: ignored.
    }
  }
  return [...origins];
}

/** `frames`: the origins this page may show in an iframe (a video platform's embed); none by default. */
export function contentSecurityPolicy(
  config: Config,
  nonce: string,
  path: string | null = null,
  frames: string[] = [],
): string {
  const analytics = config.ANALYTICS_GTM_ID ? [TAG_MANAGER_ORIGIN] : [];
  const images = config.IMAGE_HOST ? [new URL(config.IMAGE_HOST).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, COLOUR_MODE_SCRIPT_HASH, ...analytics],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...images, ...analytics],
    // hls.js fetches a free video's segments from IMAGE_HOST (docs/media.md); a native player loads them as media.
    'connect-src': ["'self'", ...images, ...analytics],
    'font-src': ["'self'"],
    'media-src': ["'self'", 'blob:', ...images],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors(config, path),
    ...(frames.length > 0 ? { 'frame-src': frames } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * `overHttps`: whether this request arrived over HTTPS (server/platform/transport.ts); `path`: the
 * request's path, which decides whether the overlay site may frame it.
 */
export function securityHeaders(
  config: Config,
  nonce: string | null,
  overHttps: boolean,
  path: string | null = null,
  frames: string[] = [],
): Record<string, string> {
  const ancestors = frameAncestors(config, path);
  const framable = ancestors[0] !== "'none'";
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  // X-Frame-Options cannot name another site (ALLOW-FROM is gone from browsers): a page the overlay site
  // may frame leaves it out and says so in frame-ancestors alone, which browsers prefer over it anyway.
  if (!framable) headers['X-Frame-Options'] = 'DENY';
  // Vite's dev server injects inline scripts of its own; the policy applies to built pages.
  if (nonce !== null) headers['Content-Security-Policy'] = contentSecurityPolicy(config, nonce, path, frames);
  else if (framable) headers['Content-Security-Policy'] = `frame-ancestors ${ancestors.join(' ')}`;
  // Only over HTTPS (RFC 6797 §7.2: a browser ignores it over plain http, and a proxy or a LAN box serving
  // plain http must not claim it).
  if (config.isProduction && overHttps) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
