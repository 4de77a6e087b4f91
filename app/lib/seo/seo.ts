// Titles, descriptions and canonical links (spec §1). The unprefixed path is
// canonical; the /en form of each page points to it.
import type { MetaDescriptor } from 'react-router';
import type { RootData } from '../site/site.ts';

export const DEFAULT_TITLE = 'Football Scores Updates, Fixtures, Results';
export const DEFAULT_DESCRIPTION =
  'Free live football scores, fixtures and results, with detail on nations, leagues and competitions from around the world.';

/** `/en/league/x` → `/league/x`; `/en` → `/`. */
export function stripLocalePrefix(pathname: string): string {
  if (pathname === '/en' || pathname === '/en/') return '/';
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
}

interface MetaArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

interface PageMetaOptions {
  /** Page title; the site's default title when absent (home). */
  title?: string;
  description?: string;
  /** Pages that must not be indexed (account, payment results, errors). */
  noIndex?: boolean;
  /** Query parameters that make another page (a league's past season), kept in the canonical URL. */
  canonicalQuery?: Record<string, string>;
}

export function pageMeta(args: MetaArgs, options: PageMetaOptions = {}): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  const siteName = root?.site.siteName ?? 'Scoreline';
  const baseUrl = root?.site.baseUrl ?? 'http://localhost:3000';
  const title = options.title ? `${options.title} | ${siteName}` : DEFAULT_TITLE;
  const description = options.description ?? DEFAULT_DESCRIPTION;
  const canonicalUrl = new URL(stripLocalePrefix(args.location.pathname), baseUrl);
  for (const [name, value] of Object.entries(options.canonicalQuery ?? {})) canonicalUrl.searchParams.set(name, value);
  const canonical = canonicalUrl.href;
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: siteName },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: canonical },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: canonical },
  ];
  if (options.noIndex) descriptors.push({ name: 'robots', content: 'noindex' });
  return descriptors;
}
