// The whole chain for issue #3: the real openfootball files imported into a
// fresh database, deductions applied, and the API's final tables equal to the
// official ones row for row (fixtures: tests/fixtures/official-tables/).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustmentsStep } from '../../../db/seed/adjustments/adjustments-step.ts';
import { openfootballStep } from '../../../db/seed/openfootball/openfootball-step.ts';
import { runSeed } from '../../../db/seed/run-seed.ts';
import type { Standings } from '../../../domain/football-contracts.ts';
import { teamKey } from '../../../domain/names.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const FIXTURES = path.resolve('tests/fixtures/official-tables');

interface OfficialTable {
  competition: string;
  season: string;
  playOffs?: unknown;
  rows: Array<{ position: number; team: string; played: number; won: number; drawn: number; lost: number; goalsFor: number; goalsAgainst: number; points: number }>;
}

const tables: OfficialTable[] = readdirSync(FIXTURES).flatMap((season) =>
  readdirSync(path.join(FIXTURES, season)).map((file) => JSON.parse(readFileSync(path.join(FIXTURES, season, file), 'utf8')) as OfficialTable),
);

describe('official final tables through the API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await runSeed(t.database.handle, [openfootballStep, adjustmentsStep], { dataDir: DATA_DIR });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it.each(tables.filter((table) => !table.playOffs).map((table) => [table.competition, table.season, table] as const))('%s %s', async (code, season, table) => {
    const response = await t.app.request(`/api/competitions/${code}/seasons/${season}/standings`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Standings;
    const computed = body.rows.map((row) => [row.position, row.played, row.won, row.drawn, row.lost, row.goalsFor, row.goalsAgainst, row.points]);
    const official = table.rows.map((row) => [row.position, row.played, row.won, row.drawn, row.lost, row.goalsFor, row.goalsAgainst, row.points]);
    expect(computed).toEqual(official);
    // Team identity, not only numbers: each official name is one of the row's team's spellings.
    for (const [index, row] of table.rows.entries()) {
      const team = (await (await t.app.request(`/api/teams/${body.rows[index]?.team.id}`)).json()) as { name: string; aliases: string[] };
      expect([team.name, ...team.aliases].map(teamKey), `row ${index + 1}`).toContain(teamKey(row.team));
    }
  });

  it('lists the 2022 World Cup top scorers from the goal data', async () => {
    const response = await t.app.request('/api/competitions/world.cup/seasons/2022/scorers?limit=3');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { scorers: Array<{ rank: number; player: { name: string }; team: { name: string }; goals: number; penalties: number }> };
    const messi = body.scorers.find((scorer) => scorer.player.name === 'Lionel Messi');
    expect(messi).toMatchObject({ team: { name: 'Argentina' }, goals: 7, penalties: 4 });
    expect(messi?.rank).toBe(2);
    // The file writes "Kylian Mbappé" (6 goals) and "Mbappé" (2): one player, the Golden Boot's 8 (player-names.ts).
    expect(body.scorers[0]).toMatchObject({ rank: 1, player: { name: 'Kylian Mbappé' }, team: { name: 'France' }, goals: 8, penalties: 2 });
    expect(body.scorers.filter((scorer) => scorer.player.name === 'Mbappé')).toEqual([]);
  });
});
