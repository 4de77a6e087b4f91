// The accounts as the staff look them up (issue #20, the CMS's Users screen):
// search, page and open one. Reads only; bans, erasure and reset mails go
// through the staff service and the account service, which own those writes.
import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import * as q from './auth.queries.ts';
import { findDisplayNames, readAccountExtras, searchAccounts } from './auth.users.queries.ts';
import { decodeUserCursor, encodeUserCursor, type UserDetail, type UserPage, type UserSearch } from './auth.users.schemas.ts';

type Db = Kysely<Database>;

export interface UserDirectory {
  /** One page of accounts matching the search, in sign-up order. */
  search(query: UserSearch): Promise<UserPage>;
  /** One account in full; null when there is none. */
  view(userId: number): Promise<UserDetail | null>;
  /** The names of those among `ids` whose accounts exist; an erased one is missing. */
  namesOf(ids: readonly number[]): Promise<Map<number, string>>;
}

export function createUserDirectory(deps: { db: Db; engine: DatabaseEngine; clock: Clock }): UserDirectory {
  const { db, engine, clock } = deps;
  return {
    async search(query) {
      // One row more than the page tells whether another page follows.
      const rows = await searchAccounts(db, engine, {
        q: query.q,
        role: query.role,
        status: query.status,
        sort: query.sort,
        after: query.cursor ? decodeUserCursor(query.cursor) : undefined,
        limit: query.limit + 1,
      });
      const users = rows.slice(0, query.limit);
      const last = users.at(-1);
      return { users, nextCursor: rows.length > query.limit && last ? encodeUserCursor(last) : null };
    },

    async view(userId) {
      const user = await q.findUserById(db, userId);
      if (!user) return null;
      const extras = await readAccountExtras(db, userId, clock.now());
      return {
        id: user.id,
        email: user.email,
        displayName: user.displayName,
        role: user.role,
        createdAt: user.createdAt,
        lastSignInAt: extras.lastSignInAt,
        suspendedAt: user.suspendedAt,
        suspendedReason: user.suspendedReason,
        emailVerified: user.emailVerified,
        liveSessions: extras.liveSessions,
        favourites: extras.favourites,
        hasPassword: user.passwordHash !== null,
        identityIssuers: extras.identityIssuers,
      };
    },

    namesOf: (ids) => findDisplayNames(db, ids),
  };
}
