// Who on the staff may do what (issue #20, spec §6 "a scope check on the user").
// A role is a named set of scopes; every CMS loader, action and API call checks
// one scope on the server, and the CMS's navigation only mirrors the same check.
// Pages and the server both read this, so it lives in domain/ (DESIGN.md §3).
import type { Role } from './account-contracts.ts';

/** Every scope the CMS checks. Later modules add theirs (payments, media, chat, odds). */
export const CMS_SCOPES = [
  'cms:pages',
  'cms:matches',
  'cms:users',
  'cms:messages',
  'cms:settings',
  'cms:staff',
  'cms:audit',
  'cms:payments',
  'cms:media',
  'cms:chat',
  'cms:odds',
] as const;
export type CmsScope = (typeof CMS_SCOPES)[number];

/**
 * admin: everything, staff included (`cms:*` also covers scopes added later);
 * editor: content — pages, hot matches, match corrections, media;
 * moderator: people — users' bans, contact messages, chat moderation.
 */
export const ROLE_SCOPES: Readonly<Record<Role, readonly string[]>> = {
  user: [],
  moderator: ['cms:users', 'cms:messages', 'cms:chat'],
  editor: ['cms:pages', 'cms:matches', 'cms:media'],
  admin: ['cms:*'],
};

export function isStaff(scopes: readonly string[]): boolean {
  return scopes.some((scope) => scope.startsWith('cms:'));
}

/** `area:*` grants every scope of its area; any other scope grants only itself. */
export function hasScope(scopes: readonly string[], wanted: string): boolean {
  if (scopes.includes(wanted)) return true;
  const [area] = wanted.split(':');
  return scopes.includes(`${area}:*`);
}

export function scopesOf(role: Role): string[] {
  return [...ROLE_SCOPES[role]];
}
