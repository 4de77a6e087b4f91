// Shared building blocks for every importer (openfootball, Fjelstul, Wyscout):
// competitions and seasons from the catalogue in domain/competitions.ts. The
// external-id map (db/source-refs.ts) and one team however each source spells
// it (db/teams.ts) live one level down, because live ingest needs them too.
import type { Kysely, Transaction } from 'kysely';
import type { CompetitionDefinition } from '../../domain/competitions.ts';
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

