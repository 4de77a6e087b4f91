// One team however each source spells it: names and aliases (`team_alias`,
// keyed by domain/names.ts's teamKey), badge colours and the search key. Used
// by the importers (db/seed) and by live ingest for teams a provider names.
import type { Kysely, Transaction } from 'kysely';
import { badgeColours } from '../domain/badge.ts';
import { foldText, teamKey } from '../domain/names.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface TeamInput {
  name: string;
  kind: 'club' | 'national';
  shortName?: string;
  code?: string | null;
  countryCode?: string | null;
  city?: string | null;
  stadium?: string | null;
  founded?: number | null;
}

/** The team this spelling belongs to, if any source has named it so before. */
export async function findTeam(db: Db, name: string, kind: 'club' | 'national'): Promise<number | undefined> {
  const row = await db
    .selectFrom('team_alias')
    .select('team_id')
    .where('alias_key', '=', teamKey(name))
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? Number(row.team_id) : undefined;
}

/**
 * The id of the team with this name, creating it when no source has named it
 * yet. Known details fill gaps but never overwrite what is already stored.
 */
export async function resolveTeam(db: Db, input: TeamInput): Promise<number> {
  const found = await findTeam(db, input.name, input.kind);
  if (found !== undefined) {
    await fillTeamGaps(db, found, input);
    return found;
  }
  return insertTeam(db, input);
}

/**
 * Creates a team without looking for an existing one, for importers that have
 * already decided this is a new team (e.g. two clubs whose names fold to the
 * same alias key in different countries). Its name becomes an alias when free.
 */
export async function insertTeam(db: Db, input: TeamInput): Promise<number> {
  const colours = badgeColours(input.name);
  const inserted = await db
    .insertInto('team')
    .values({
      name: input.name,
      short_name: input.shortName ?? input.name,
      code: input.code ?? null,
      kind: input.kind,
      country_code: input.countryCode ?? null,
      city: input.city ?? null,
      stadium: input.stadium ?? null,
      founded: input.founded ?? null,
      colour_primary: colours.primary,
      colour_secondary: colours.secondary,
      search_key: foldText(input.name),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await addTeamAlias(db, id, input.name, input.kind);
  return id;
}

async function fillTeamGaps(db: Db, id: number, input: TeamInput): Promise<void> {
  const team = await db.selectFrom('team').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const patch: { code?: string; country_code?: string; city?: string; stadium?: string; founded?: number } = {};
  if (team.code === null && input.code) patch.code = input.code;
  if (team.country_code === null && input.countryCode) patch.country_code = input.countryCode;
  if (team.city === null && input.city) patch.city = input.city;
  if (team.stadium === null && input.stadium) patch.stadium = input.stadium;
  if (team.founded === null && input.founded) patch.founded = input.founded;
  if (Object.keys(patch).length > 0) await db.updateTable('team').set(patch).where('id', '=', id).execute();
}

/** Records another spelling of a team; the search key grows to include it. */
export async function addTeamAlias(db: Db, teamId: number, alias: string, kind: 'club' | 'national'): Promise<void> {
  const key = teamKey(alias);
  if (key === '') return;
  const existing = await db.selectFrom('team_alias').select('team_id').where('alias_key', '=', key).where('kind', '=', kind).executeTakeFirst();
  if (existing) return;
  await db.insertInto('team_alias').values({ alias_key: key, kind, team_id: teamId, alias }).execute();
  const team = await db.selectFrom('team').select('search_key').where('id', '=', teamId).executeTakeFirstOrThrow();
  const folded = foldText(alias);
  if (!team.search_key.split(' | ').includes(folded)) {
    await db.updateTable('team').set({ search_key: `${team.search_key} | ${folded}` }).where('id', '=', teamId).execute();
  }
}

/**
 * addTeamAlias for several spellings at once (an importer adding a club's
 * dozen names): one lookup, one insert and one search-key update instead of
 * four queries per spelling. Returns how many aliases were new.
 */
export async function addTeamAliases(db: Db, teamId: number, aliases: readonly string[], kind: 'club' | 'national'): Promise<number> {
  const byKey = new Map<string, string>();
  for (const alias of aliases) {
    const key = teamKey(alias);
    if (key !== '' && !byKey.has(key)) byKey.set(key, alias);
  }
  if (byKey.size === 0) return 0;
  const taken = await db.selectFrom('team_alias').select('alias_key').where('kind', '=', kind).where('alias_key', 'in', [...byKey.keys()]).execute();
  for (const row of taken) byKey.delete(row.alias_key);
  if (byKey.size === 0) return 0;
  await db
    .insertInto('team_alias')
    .values([...byKey].map(([alias_key, alias]) => ({ alias_key, kind, team_id: teamId, alias })))
    .execute();
  const team = await db.selectFrom('team').select('search_key').where('id', '=', teamId).executeTakeFirstOrThrow();
  const parts = team.search_key.split(' | ');
  for (const alias of byKey.values()) {
    const folded = foldText(alias);
    if (!parts.includes(folded)) parts.push(folded);
  }
  const searchKey = parts.join(' | ');
  if (searchKey !== team.search_key) await db.updateTable('team').set({ search_key: searchKey }).where('id', '=', teamId).execute();
  return byKey.size;
}
