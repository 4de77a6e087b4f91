import { describe, expect, it } from 'vitest';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../app/routes.ts';
import { RESERVED_PAGE_SLUGS, slugProblem, slugProblemMessage } from './page-contracts.ts';

/** The first static segment of every route path (after the optional `en?`), walking nested routes. */
function firstSegments(entries: readonly RouteConfigEntry[], parent = ''): string[] {
  const found: string[] = [];
  for (const entry of entries) {
    const path = [parent, entry.path ?? ''].filter(Boolean).join('/');
    const segments = path.split('/').filter((segment) => segment !== '' && segment !== 'en?');
    const first = segments[0];
    if (first !== undefined && !first.startsWith(':') && first !== '*' && !first.startsWith('__'))
      found.push(first.replace(/\?$/, ''));
    if (entry.children) found.push(...firstSegments(entry.children, path));
  }
  return found;
}

describe('page slugs', () => {
  it('reserves every first segment a route of app/routes.ts uses, and `en`', async () => {
    const segments = new Set(firstSegments(await routes));
    expect(segments.size).toBeGreaterThan(10);
    for (const segment of segments) expect(RESERVED_PAGE_SLUGS, `app/routes.ts uses /${segment}`).toContain(segment);
    expect(RESERVED_PAGE_SLUGS).toContain('en');
  });

  it.each(['club-rules', 'about', 'season-2025-26', 'a'])('accepts %s', (slug) => {
    expect(slugProblem(slug)).toBeNull();
  });

  it.each([
    ['pricing', 'reserved'],
    ['login', 'reserved'],
    ['cms', 'reserved'],
    ['en', 'reserved'],
    ['api', 'reserved'],
    ['Club-Rules', 'pattern'],
    ['club--rules', 'pattern'],
    ['-club', 'pattern'],
    ['club rules', 'pattern'],
    ['club/rules', 'pattern'],
    ['', 'pattern'],
    ['x'.repeat(81), 'length'],
  ])('refuses %s (%s)', (slug, problem) => {
    expect(slugProblem(slug)).toBe(problem);
  });

  it('says why a reserved slug is refused', () => {
    expect(slugProblemMessage('pricing', 'reserved')).toContain('/pricing is already an address of the site');
  });
});
