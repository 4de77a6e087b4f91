// One match row for tests that build their own small season: what a test cares about is given, the rest
// (no venue, no events, a test source) is filled in. Returns the new match's id.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, MatchTable } from '../../db/schema.ts';

type Required = 'season_id' | 'home_team_id' | 'away_team_id' | 'kickoff_at' | 'status';

export async function insertMatch(
  db: Kysely<Database> | Transaction<Database>,
  values: Pick<Insertable<MatchTable>, Required> & Partial<Insertable<MatchTable>>,
): Promise<number> {
  const row = await db
    .insertInto('match')
    .values({
      stage: null,
      round: null,
      group_name: null,
      kickoff_time_known: 1,
      venue_id: null,
      minute: null,
      home_score: null,
      away_score: null,
      has_events: 0,
      source: 'test',
      updated_at: new Date().toISOString(),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
