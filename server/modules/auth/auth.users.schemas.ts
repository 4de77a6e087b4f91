// The accounts as staff find them (issue #20, the CMS's Users screen): the search
// the table sends, one page of it, and one account in full. The CMS's API and
// pages read these schemas; the types come from them.
import { z } from 'zod';
import { ROLES } from '../../../domain/account-contracts.ts';

export const USER_SORTS = ['newest', 'oldest'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** Where the previous page ended: its last row's sign-up time and id ("2026-11-27T05:40:00.000Z_123"). */
const cursorSchema = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_\d{1,15}$/, 'Use the nextCursor of the previous page');

/** Query parameters; a form's empty fields are dropped before parsing (no filter). */
export const userSearchSchema = z.object({
  /** An address (it has an @): accounts whose email starts with it. Else also any whose name contains it. */
  q: z.string().trim().min(1).max(100, 'Search with at most 100 characters').optional(),
  /** A role, or `staff` for every role but member. */
  role: z.enum([...ROLES, 'staff'], { error: 'Choose a role, or staff' }).optional(),
  status: z.enum(['active', 'banned'], { error: 'Choose active or banned' }).optional(),
  sort: z.enum(USER_SORTS, { error: 'Sort by newest or oldest' }).default('newest'),
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type UserSearch = z.infer<typeof userSearchSchema>;

const roleSchema = z.enum(ROLES);

export const userSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  /** The start of their latest session; null if they never signed in. */
  lastSignInAt: z.string().nullable(),
  /** Set while banned (or, for staff, suspended); the reason is what they are told at sign-in. */
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userPageSchema = z.object({
  users: z.array(userSummarySchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type UserPage = z.infer<typeof userPageSchema>;

export const userDetailSchema = userSummarySchema.extend({
  emailVerified: z.boolean(),
  /** Sessions still signed in (not ended, with a usable refresh token). */
  liveSessions: z.number().int(),
  favourites: z.number().int(),
  /** How they sign in: a password, and the OpenID Connect issuers linked to the account. */
  hasPassword: z.boolean(),
  identityIssuers: z.array(z.string()),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export function encodeUserCursor(row: { createdAt: string; id: number }): string {
  return `${row.createdAt}_${row.id}`;
}

export function decodeUserCursor(cursor: string): { createdAt: string; id: number } {
  const at = cursor.lastIndexOf('_');
  return { createdAt: cursor.slice(0, at), id: Number(cursor.slice(at + 1)) };
}
