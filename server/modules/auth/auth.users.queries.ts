// The accounts module's reads and deletes for the CMS's Users screen (issue #20):
// the searchable, paged table of accounts, one account in full, and erasure.
// Erasure takes the caller's transaction, so the CMS records its audit entry in
// the same commit.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseEngine } from '../../../db/client.ts';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { Role } from '../../../domain/account-contracts.ts';
import type { UserSummary } from './auth.users.schemas.ts';

type Db = Kysely<Database>;

export interface AccountFilter {
  q?: string | undefined;
  role?: Role | 'staff' | undefined;
  status?: 'active' | 'banned' | undefined;
  sort: 'newest' | 'oldest';
  /** The last row of the previous page. */
  after?: { createdAt: string; id: number } | undefined;
  limit: number;
}

/** `%`, `_` and the escape character itself match literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The highest code point: every string that starts with a prefix sorts below prefix + this (binary order). */
const AFTER_EVERY_SUFFIX = '\u{10FFFF}';

/**
 * One page of accounts for the staff's Users table: who matches the search
 * (an address prefix; without an @, also a name containing the words), the
 * role and the ban, in sign-up order, after the previous page's last row.
 *
 * Keyset paging on (created_at, id): page 5,000 costs what page 1 does. The
 * rows read come from user_account_directory alone (migration 0009); the ban's
 * reason and the last sign-in are read for the page's rows only.
 */
export async function searchAccounts(db: Db, engine: DatabaseEngine, filter: AccountFilter): Promise<UserSummary[]> {
  const newest = filter.sort === 'newest';
  const rows = await db
    .selectFrom('user_account as u')
    .select((eb) => [
      'u.id',
      'u.email',
      'u.display_name',
      'u.role',
      'u.created_at',
      'u.suspended_at',
      eb.selectFrom('user_account as r').select('r.suspended_reason').whereRef('r.id', '=', 'u.id').as('suspended_reason'),
      eb
        .selectFrom('refresh_token_family as f')
        .select((inner) => inner.fn.max('f.created_at').as('latest'))
        .whereRef('f.user_id', '=', 'u.id')
        .as('last_sign_in_at'),
    ])
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      const q = filter.q?.toLowerCase();
      if (q) {
        // Addresses are stored lower-cased. SQLite's email index is in binary order, so a
        // prefix is a range of it; PostgreSQL's LIKE uses its text_pattern_ops index.
        const emailStarts =
          engine === 'sqlite'
            ? eb.and([eb('u.email', '>=', q), eb('u.email', '<', q + AFTER_EVERY_SUFFIX)])
            : sql<SqlBool>`${sql.ref('u.email')} like ${`${escapeLike(q)}%`} escape '\\'`;
        if (q.includes('@')) {
          conditions.push(emailStarts);
        } else {
          // SQLite's LIKE ignores ASCII case; PostgreSQL needs ILIKE.
          const like = sql.raw(engine === 'sqlite' ? 'like' : 'ilike');
          const nameHas = sql<SqlBool>`${sql.ref('u.display_name')} ${like} ${`%${escapeLike(q)}%`} escape '\\'`;
          conditions.push(eb.or([emailStarts, nameHas]));
        }
      }
      if (filter.role === 'staff') conditions.push(eb('u.role', '!=', 'user'));
      else if (filter.role) conditions.push(eb('u.role', '=', filter.role));
      if (filter.status === 'banned') conditions.push(eb('u.suspended_at', 'is not', null));
      if (filter.status === 'active') conditions.push(eb('u.suspended_at', 'is', null));
      if (filter.after) {
        conditions.push(
          eb(eb.refTuple('u.created_at', 'u.id'), newest ? '<' : '>', eb.tuple(filter.after.createdAt, filter.after.id)),
        );
      }
      return eb.and(conditions);
    })
    .orderBy('u.created_at', newest ? 'desc' : 'asc')
    .orderBy('u.id', newest ? 'desc' : 'asc')
    .limit(filter.limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    createdAt: toIsoString(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : toIsoString(row.last_sign_in_at as string | Date),
    suspendedAt: row.suspended_at === null ? null : toIsoString(row.suspended_at),
    suspendedReason: row.suspended_reason ?? null,
  }));
}

/** What the Users screen shows of one account beyond its row: sessions, favourites, how they sign in. */
export async function readAccountExtras(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ liveSessions: number; favourites: number; identityIssuers: string[]; lastSignInAt: string | null }> {
  const [sessions, favourites, identities, lastSignIn] = await Promise.all([
    db
      .selectFrom('refresh_token_family as f')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('f.user_id', '=', userId)
      .where('f.revoked_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('refresh_token as t')
            .select('t.id')
            .whereRef('t.family_id', '=', 'f.id')
            .where('t.rotated_at', 'is', null)
            .where('t.expires_at', '>', now.toISOString()),
        ),
      )
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_favourite')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('oidc_identity').select('issuer').where('user_id', '=', userId).orderBy('issuer').execute(),
    db
      .selectFrom('refresh_token_family')
      .select((eb) => eb.fn.max('created_at').as('latest'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  const latest = lastSignIn?.latest as string | Date | null | undefined;
  return {
    liveSessions: Number(sessions.count),
    favourites: Number(favourites.count),
    identityIssuers: identities.map((row) => row.issuer),
    lastSignInAt: latest ? toIsoString(latest) : null,
  };
}

/**
 * Erases an account: the row, and with it (foreign keys, ON DELETE CASCADE) its
 * sessions and refresh tokens, reset links, OpenID Connect identities,
 * favourites, display settings (account_preference) and recovery codes; and the sign-in attempts kept under its
 * address. Answers what went, counted before it went.
 */
export async function deleteAccount(
  trx: Db,
  user: { id: number; email: string },
): Promise<{ sessionsEnded: number; favourites: number; identities: number; signInAttempts: number }> {
  const [sessions, favourites, identities] = await Promise.all([
    trx
      .selectFrom('refresh_token_family')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('user_favourite')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('oidc_identity')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow(),
  ]);
  const attempts = await trx.deleteFrom('login_attempt').where('email_key', '=', user.email).executeTakeFirst();
  await trx.deleteFrom('user_account').where('id', '=', user.id).execute();
  return {
    sessionsEnded: Number(sessions.count),
    favourites: Number(favourites.count),
    identities: Number(identities.count),
    signInAttempts: Number(attempts.numDeletedRows),
  };
}

/** The names of the accounts among `ids` that still exist (staff who replied to a message, for one). */
export async function findDisplayNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('user_account').select(['id', 'display_name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [Number(row.id), row.display_name]));
}
