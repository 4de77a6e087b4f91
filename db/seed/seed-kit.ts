// Shared building blocks for every importer (openfootball, Fjelstul, Wyscout):
// external ids → local ids through `source_ref` (what makes re-runs change
// nothing), one team however each source spells it (through `team_alias`), and
// competitions and seasons from the catalogue in domain/competitions.ts.
import type { Kysely, Transaction } from 'kysely';
import { badgeColours } from '../../domain/badge.ts';
import type { CompetitionDefinition } from '../../domain/competitions.ts';
import { foldText, teamKey } from '../../domain/names.ts';
import type { DatabaseEngine } from '../client.ts';
import type { Database } from '../schema.ts';

export type SeedDb = Kysely<Database> | Transaction<Database>;

export interface SeedContext {
  db: SeedDb;
  engine: DatabaseEngine;
  /** Folder with openfootball/, fjelstul-worldcup/, wyscout/. */
  dataDir: string;
  now: Date;
  log(message: string): void;
}

/** One importer: runs inside a single transaction; throwing rolls everything back. */
export interface SeedStep {
  name: string;
  /** Licence note shown by `npm run db:seed` (e.g. the Fjelstul share-alike). */
  licence: string;
  run(context: SeedContext): Promise<Record<string, number>>;
}

export async function findRef(db: SeedDb, source: string, kind: string, externalId: string | number): Promise<number | undefined> {
  const row = await db
    .selectFrom('source_ref')
    .select('local_id')
    .where('source', '=', source)
    .where('kind', '=', kind)
    .where('external_id', '=', String(externalId))
    .executeTakeFirst();
  return row ? Number(row.local_id) : undefined;
}

export async function saveRef(db: SeedDb, source: string, kind: string, externalId: string | number, localId: number): Promise<void> {
  await db
    .insertInto('source_ref')
    .values({ source, kind, external_id: String(externalId), local_id: localId })
    .onConflict((oc) => oc.columns(['source', 'kind', 'external_id']).doUpdateSet({ local_id: localId }))
    .execute();
}

/** Inserts (or updates) a competition from the catalogue; returns its id. */
export async function ensureCompetition(db: SeedDb, definition: CompetitionDefinition): Promise<number> {
  const values = {
    code: definition.code,
    sport_id: 'football-1',
    name: definition.name,
    area_code: definition.areaCode,
    area_name: definition.areaName,
    kind: definition.kind,
    tier: definition.tier,
    rules: JSON.stringify(definition.rules),
    importance: definition.importance,
  };
  const existing = await db.selectFrom('competition').select('id').where('code', '=', definition.code).executeTakeFirst();
  if (existing) {
    await db.updateTable('competition').set(values).where('id', '=', existing.id).execute();
    return Number(existing.id);
  }
  const inserted = await db.insertInto('competition').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export interface SeasonInput {
  competitionId: number;
  code: string;
  name: string;
  startDate: string | null;
  endDate: string | null;
  complete: boolean;
  synthetic?: boolean;
}

export async function ensureSeason(db: SeedDb, input: SeasonInput): Promise<number> {
  const values = {
    competition_id: input.competitionId,
    code: input.code,
    name: input.name,
    start_date: input.startDate,
    end_date: input.endDate,
    complete: input.complete ? 1 : 0,
    synthetic: input.synthetic ? 1 : 0,
  };
  const existing = await db
    .selectFrom('season')
    .select('id')
    .where('competition_id', '=', input.competitionId)
    .where('code', '=', input.code)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('season').set(values).where('id', '=', existing.id).execute();
    return Number(existing.id);
  }
  return Number((await db.insertInto('season').values(values).returning('id').executeTakeFirstOrThrow()).id);
}

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
export async function findTeam(db: SeedDb, name: string, kind: 'club' | 'national'): Promise<number | undefined> {
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
export async function resolveTeam(db: SeedDb, input: TeamInput): Promise<number> {
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
export async function insertTeam(db: SeedDb, input: TeamInput): Promise<number> {
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

async function fillTeamGaps(db: SeedDb, id: number, input: TeamInput): Promise<void> {
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
export async function addTeamAlias(db: SeedDb, teamId: number, alias: string, kind: 'club' | 'national'): Promise<void> {
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
export async function addTeamAliases(db: SeedDb, teamId: number, aliases: readonly string[], kind: 'club' | 'national'): Promise<number> {
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
