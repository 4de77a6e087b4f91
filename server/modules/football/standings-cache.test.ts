// A complete season's table is cached until an import finishes (issue #3's
// 5 ms target): a finished import drops it; replays never enter it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../../../db/seed/seed-kit.ts';
import { resolveTeam } from '../../../db/teams.ts';
import { findCompetitionDefinition } from '../../../domain/competitions.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';

describe.each(TEST_ENGINES)('standings cache on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let matchId = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 missing');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, { competitionId, code: '2019-20', name: 'Premier League 2019/20', startDate: '2019-08-09', endDate: '2020-07-26', complete: true });
    const home = await resolveTeam(db, { name: 'Alpha Town', kind: 'club' });
    const away = await resolveTeam(db, { name: 'Beta City', kind: 'club' });
    const row = await db
      .insertInto('match')
      .values({ season_id: seasonId, stage: 'Regular season', round: 'Matchday 1', group_name: null, kickoff_at: '2019-08-10T14:00:00.000Z', kickoff_time_known: 1, home_team_id: home, away_team_id: away, venue_id: null, status: 'finished', minute: null, home_score: 1, away_score: 0, home_score_ht: null, away_score_ht: null, home_score_et: null, away_score_et: null, home_score_pen: null, away_score_pen: null, has_events: 0, source: 'test', updated_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    matchId = Number(row.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const leader = async () => (await t.services.football.getStandings({ code: 'en.1', season: '2019-20' })).rows[0]?.team.name;

  it('serves the cached table until an import finishes', async () => {
    expect(await leader()).toBe('Alpha Town');
    await t.database.handle.db.updateTable('match').set({ home_score: 0, away_score: 2 }).where('id', '=', matchId).execute();
    expect(await leader(), 'cached: nothing announced a change').toBe('Alpha Town');
    await t.database.handle.db
      .insertInto('import_run')
      .values({ step: 'test', started_at: new Date().toISOString(), finished_at: new Date().toISOString(), status: 'succeeded', summary: null })
      .execute();
    expect(await leader(), 'a finished import drops the cache').toBe('Beta City');
  });
});
