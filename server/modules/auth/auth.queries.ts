// Database access of the accounts module. Timestamps are written as ISO strings
// and compared as such (docs/decisions/007); ids come back through Number().
import type { Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database, UserAccountTable } from '../../../db/schema.ts';
import type { Role } from '../../../domain/account-contracts.ts';
import { scopesOf } from '../../../domain/staff-access.ts';
import { type Favourite, type SessionSummary, type User } from './auth.schemas.ts';

type Db = Kysely<Database>;

export interface UserRow {
  id: number;
  email: string;
  emailVerified: boolean;
  displayName: string;
  phone: string | null;
  passwordHash: string | null;
  role: Role;
  plan: string;
  createdAt: string;
  /** Set while a moderator's ban or an admin's "disable" holds (issue #20): no sign-in, no live session. */
  suspendedAt: string | null;
  suspendedReason: string | null;
}

function toUserRow(
  row: Pick<
    UserAccountTable,
    'email' | 'email_verified' | 'display_name' | 'phone' | 'password_hash' | 'role' | 'plan' | 'created_at'
  > & { id: number | string; suspended_at: string | Date | null; suspended_reason: string | null },
): UserRow {
  return {
    id: Number(row.id),
    email: row.email,
    emailVerified: Number(row.email_verified) === 1,
    displayName: row.display_name,
    phone: row.phone,
    passwordHash: row.password_hash,
    role: row.role,
    plan: row.plan,
    createdAt: toIsoString(row.created_at),
    suspendedAt: row.suspended_at === null ? null : toIsoString(row.suspended_at),
    suspendedReason: row.suspended_reason,
  };
}

/** The public view of a user (never the password hash). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    displayName: row.displayName,
    phone: row.phone,
    role: row.role,
    scopes: scopesOf(row.role),
    plan: row.plan,
    createdAt: row.createdAt,
  };
}

const USER_COLUMNS = [
  'id',
  'email',
  'email_verified',
  'display_name',
  'phone',
  'password_hash',
  'role',
  'plan',
  'created_at',
  'suspended_at',
  'suspended_reason',
] as const;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const row = await db.selectFrom('user_account').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst();
  return row ? toUserRow(row) : null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const row = await db.selectFrom('user_account').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toUserRow(row) : null;
}

/**
 * The user behind an access token, provided the session it was issued for is
 * still live, with when that session was last used (staff sessions end when idle).
 */
export async function findUserInLiveSession(
  db: Db,
  userId: number,
  familyId: number,
): Promise<{ user: UserRow; lastUsedAt: string } | null> {
  const row = await db
    .selectFrom('user_account as u')
    .innerJoin('refresh_token_family as f', 'f.user_id', 'u.id')
    .select([
      'u.id',
      'u.email',
      'u.email_verified',
      'u.display_name',
      'u.phone',
      'u.password_hash',
      'u.role',
      'u.plan',
      'u.created_at',
      'u.suspended_at',
      'u.suspended_reason',
      'f.last_used_at',
    ])
    .where('u.id', '=', userId)
    .where('f.id', '=', familyId)
    .where('f.revoked_at', 'is', null)
    // A session started in the instant before a suspension is dead too.
    .where('u.suspended_at', 'is', null)
    .executeTakeFirst();
  return row ? { user: toUserRow(row), lastUsedAt: toIsoString(row.last_used_at) } : null;
}

/** Why a session of this user ended ('logout', 'idle', …); null while it is live or when there is no such session. */
export async function findFamilyEndReason(db: Db, userId: number, familyId: number): Promise<string | null> {
  const row = await db
    .selectFrom('refresh_token_family')
    .select('revoked_reason')
    .where('id', '=', familyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is not', null)
    .executeTakeFirst();
  return row?.revoked_reason ?? null;
}

export async function insertUser(
  db: Db,
  values: {
    email: string;
    displayName: string;
    phone: string | null;
    passwordHash: string | null;
    role: Role;
    emailVerified: boolean;
  },
  now: Date,
): Promise<UserRow> {
  const at = now.toISOString();
  const row = await db
    .insertInto('user_account')
    .values({
      email: values.email,
      email_verified: values.emailVerified ? 1 : 0,
      display_name: values.displayName,
      phone: values.phone,
      password_hash: values.passwordHash,
      role: values.role,
      plan: 'free',
      created_at: at,
      updated_at: at,
    })
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow();
  return toUserRow(row);
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<{
    displayName: string;
    phone: string | null;
    passwordHash: string;
    role: Role;
    emailVerified: boolean;
  }>,
  now: Date,
): Promise<void> {
  await db
    .updateTable('user_account')
    .set({
      ...(values.displayName !== undefined ? { display_name: values.displayName } : {}),
      ...(values.phone !== undefined ? { phone: values.phone } : {}),
      ...(values.passwordHash !== undefined ? { password_hash: values.passwordHash } : {}),
      ...(values.role !== undefined ? { role: values.role } : {}),
      ...(values.emailVerified !== undefined ? { email_verified: values.emailVerified ? 1 : 0 } : {}),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

// ---- Refresh token families -------------------------------------------------

export async function insertFamily(db: Db, userId: number, userAgent: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const row = await db
    .insertInto('refresh_token_family')
    .values({
      user_id: userId,
      user_agent: userAgent.slice(0, 300),
      created_at: at,
      last_used_at: at,
      revoked_at: null,
      revoked_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertRefreshToken(
  db: Db,
  familyId: number,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('refresh_token')
    .values({
      family_id: familyId,
      token_hash: tokenHash,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      rotated_at: null,
    })
    .execute();
}

export interface RefreshTokenRow {
  id: number;
  familyId: number;
  userId: number;
  /** The account's role now: staff sessions end when idle. */
  userRole: Role;
  expiresAt: string;
  rotatedAt: string | null;
  familyRevokedAt: string | null;
  familyRevokedReason: string | null;
  familyLastUsedAt: string;
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | null> {
  const row = await db
    .selectFrom('refresh_token as t')
    .innerJoin('refresh_token_family as f', 'f.id', 't.family_id')
    .innerJoin('user_account as u', 'u.id', 'f.user_id')
    .select([
      't.id',
      't.family_id',
      'f.user_id',
      'u.role',
      't.expires_at',
      't.rotated_at',
      'f.revoked_at',
      'f.revoked_reason',
      'f.last_used_at',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    familyId: Number(row.family_id),
    userId: Number(row.user_id),
    userRole: row.role,
    expiresAt: toIsoString(row.expires_at),
    rotatedAt: row.rotated_at === null ? null : toIsoString(row.rotated_at),
    familyRevokedAt: row.revoked_at === null ? null : toIsoString(row.revoked_at),
    familyRevokedReason: row.revoked_reason,
    familyLastUsedAt: toIsoString(row.last_used_at),
  };
}

/**
 * Exchanges a refresh token for its successor in one transaction: marks it
 * rotated (a conditional update, so of two concurrent exchanges exactly one
 * wins) and stores the successor. False when another request won; whoever
 * then sees the token rotated also finds its successor stored.
 */
export async function rotateRefreshToken(
  db: Db,
  tokenId: number,
  familyId: number,
  successorHash: string,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const result = await tx
      .updateTable('refresh_token')
      .set({ rotated_at: now.toISOString() })
      .where('id', '=', tokenId)
      .where('rotated_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await insertRefreshToken(tx, familyId, successorHash, now, expiresAt);
    return true;
  });
}

export async function touchFamily(db: Db, familyId: number, now: Date): Promise<void> {
  await db
    .updateTable('refresh_token_family')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', familyId)
    .execute();
}

/** Records activity on a session, unless it was recorded since `staleBefore` (one write a minute at most). */
export async function touchFamilyIfStale(db: Db, familyId: number, now: Date, staleBefore: Date): Promise<void> {
  await db
    .updateTable('refresh_token_family')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', familyId)
    .where('last_used_at', '<', staleBefore.toISOString())
    .execute();
}

export async function revokeFamily(
  db: Db,
  familyId: number,
  reason: string,
  now: Date,
  userId?: number,
): Promise<boolean> {
  let query = db
    .updateTable('refresh_token_family')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeUserFamilies(
  db: Db,
  userId: number,
  reason: string,
  now: Date,
  exceptFamilyId?: number,
): Promise<number> {
  let query = db
    .updateTable('refresh_token_family')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamilyId !== undefined) query = query.where('id', '!=', exceptFamilyId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sessions still signed in: not revoked, and holding an unexpired, unrotated refresh token. */
export async function listLiveFamilies(
  db: Db,
  userId: number,
  now: Date,
  currentFamilyId: number | null,
): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom('refresh_token_family as f')
    .select(['f.id', 'f.user_agent', 'f.created_at', 'f.last_used_at'])
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
    .orderBy('f.last_used_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    userAgent: row.user_agent,
    createdAt: toIsoString(row.created_at),
    lastUsedAt: toIsoString(row.last_used_at),
    current: Number(row.id) === currentFamilyId,
  }));
}

// ---- Sign-in attempts (an audit trail; the limits live in server/platform/rate-limit.ts) ----

export async function insertLoginAttempt(
  db: Db,
  emailKey: string,
  ip: string,
  succeeded: boolean,
  now: Date,
): Promise<void> {
  await db
    .insertInto('login_attempt')
    .values({ email_key: emailKey, ip, succeeded: succeeded ? 1 : 0, created_at: now.toISOString() })
    .execute();
}

export async function pruneLoginAttempts(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('login_attempt').where('created_at', '<', before.toISOString()).execute();
}

// ---- Password reset -----------------------------------------------------------

export async function insertResetToken(
  db: Db,
  userId: number,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('password_reset_token')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

/** The user a reset token belongs to, if it is unused and unexpired. */
export async function findUsableResetToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ id: number; userId: number } | null> {
  const row = await db
    .selectFrom('password_reset_token')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { id: Number(row.id), userId: Number(row.user_id) } : null;
}

/** Spends a reset token; false when it was already used (single use, even under a race). */
export async function useResetToken(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_token')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function expireUserResetTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('password_reset_token')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

// ---- OpenID Connect identities ----------------------------------------------

export async function findIdentityUser(db: Db, issuer: string, subject: string): Promise<number | null> {
  const row = await db
    .selectFrom('oidc_identity')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row ? Number(row.user_id) : null;
}

export async function insertIdentity(
  db: Db,
  userId: number,
  issuer: string,
  subject: string,
  email: string | null,
  now: Date,
): Promise<void> {
  await db
    .insertInto('oidc_identity')
    .values({ user_id: userId, issuer, subject, email, created_at: now.toISOString() })
    .execute();
}

// ---- Favourites -------------------------------------------------------------

export async function listFavourites(db: Db, userId: number): Promise<Favourite[]> {
  const rows = await db
    .selectFrom('user_favourite')
    .select(['kind', 'ref', 'label'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('label')
    .execute();
  return rows;
}

export async function insertFavourites(db: Db, userId: number, favourites: Favourite[], now: Date): Promise<void> {
  if (favourites.length === 0) return;
  await db
    .insertInto('user_favourite')
    .values(favourites.map((favourite) => ({ user_id: userId, ...favourite, created_at: now.toISOString() })))
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'ref']).doNothing())
    .execute();
}

/**
 * Names the favourites a device sends (ids and codes only) from the football data; ids
 * and codes that name nothing here are dropped.
 */
export async function resolveFavourites(
  db: Db,
  refs: { teams: readonly number[]; competitions: readonly string[]; matches: readonly number[] },
): Promise<Favourite[]> {
  const [teams, competitions, matches] = await Promise.all([
    refs.teams.length === 0
      ? []
      : db
          .selectFrom('team')
          .select(['id', 'name'])
          .where('id', 'in', [...refs.teams])
          .execute(),
    refs.competitions.length === 0
      ? []
      : db
          .selectFrom('competition')
          .select(['code', 'name'])
          .where('code', 'in', [...refs.competitions])
          .execute(),
    refs.matches.length === 0
      ? []
      : db
          .selectFrom('match as m')
          .innerJoin('team as h', 'h.id', 'm.home_team_id')
          .innerJoin('team as a', 'a.id', 'm.away_team_id')
          .select(['m.id', 'h.short_name as home', 'a.short_name as away'])
          .where('m.id', 'in', [...refs.matches])
          .execute(),
  ]);
  return [
    ...teams.map((team) => ({ kind: 'team' as const, ref: String(team.id), label: team.name })),
    ...competitions.map((competition) => ({
      kind: 'competition' as const,
      ref: competition.code,
      label: competition.name,
    })),
    ...matches.map((match) => ({
      kind: 'match' as const,
      ref: String(match.id),
      label: `${match.home} v ${match.away}`,
    })),
  ];
}

export async function removeFavourite(db: Db, userId: number, kind: Favourite['kind'], ref: string): Promise<void> {
  await db
    .deleteFrom('user_favourite')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .execute();
}
