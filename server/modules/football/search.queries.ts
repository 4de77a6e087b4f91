// What the search index (search-index.ts) is built from: every team with its
// aliases, competition and player, and the activity that ranks them (issue #19).
import { sql, type Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database>;

/**
 * Changes when anything the index holds may have changed: an import finished, a team or player was
 * added (the live pipeline adds them too), an alias or competition appeared. Cheap: five aggregates.
 */
export async function readSearchStamp(db: Db): Promise<string> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('import_run')
        .where('finished_at', 'is not', null)
        .select(sql<number | null>`max(id)`.as('v'))
        .as('imports'),
      eb
        .selectFrom('team')
        .select(sql<number | null>`max(id)`.as('v'))
        .as('teams'),
      eb
        .selectFrom('player')
        .select(sql<number | null>`max(id)`.as('v'))
        .as('players'),
      eb
        .selectFrom('team_alias')
        .select(sql<number>`count(*)`.as('v'))
        .as('aliases'),
      eb
        .selectFrom('competition')
        .select(sql<number>`count(*)`.as('v'))
        .as('competitions'),
    ])
    .executeTakeFirstOrThrow();
  return [row.imports, row.teams, row.players, row.aliases, row.competitions]
    .map((value) => String(value ?? 0))
    .join(':');
}

export async function listSearchTeams(db: Db) {
  const [teams, aliases] = await Promise.all([
    db
      .selectFrom('team')
      .select(['id', 'name', 'short_name', 'code', 'kind', 'country_code', 'colour_primary', 'colour_secondary'])
      .execute(),
    db.selectFrom('team_alias').select(['team_id', 'alias']).execute(),
  ]);
  const byTeam = new Map<number, string[]>();
  for (const alias of aliases) {
    const id = Number(alias.team_id);
    byTeam.set(id, [...(byTeam.get(id) ?? []), alias.alias]);
  }
  return teams.map((row) => ({
    id: Number(row.id),
    name: row.name,
    shortName: row.short_name,
    code: row.code,
    kind: row.kind,
    countryCode: row.country_code,
    colours: { primary: row.colour_primary, secondary: row.colour_secondary },
    aliases: byTeam.get(Number(row.id)) ?? [],
  }));
}

/** For each team and competition it played in: the competition's importance and the team's last kick-off there. */
export async function listTeamActivity(db: Db) {
  const side = (column: 'home_team_id' | 'away_team_id') =>
    db
      .selectFrom('match as m')
      .innerJoin('season as s', 's.id', 'm.season_id')
      .innerJoin('competition as c', 'c.id', 's.competition_id')
      .where('m.replay_of_match_id', 'is', null)
      .select([
        `m.${column} as team_id`,
        'c.importance',
        sql<string>`max(m.kickoff_at)`.as('last_at'),
        sql<number>`count(*)`.as('matches'),
      ])
      .groupBy([`m.${column}`, 'c.id', 'c.importance']);
  const rows = [...(await side('home_team_id').execute()), ...(await side('away_team_id').execute())];
  return rows.map((row) => ({
    teamId: Number(row.team_id),
    importance: Number(row.importance),
    lastAt: toIsoString(row.last_at),
    matches: Number(row.matches),
  }));
}

export async function listSearchCompetitions(db: Db) {
  const rows = await db.selectFrom('competition').select(['code', 'name', 'area_name', 'importance']).execute();
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    areaName: row.area_name,
    importance: Number(row.importance),
  }));
}

/**
 * Every player with the teams they appeared for (line-ups, events, squads), each with the last time
 * and how often: the latest is the team shown beside the name, the count ranks well-known players first.
 */
export async function listSearchPlayers(db: Db) {
  const [players, lineups, events, squads] = await Promise.all([
    db.selectFrom('player').select(['id', 'name', 'short_name', 'birth_date', 'country']).execute(),
    db
      .selectFrom('match_lineup as l')
      .innerJoin('match as m', 'm.id', 'l.match_id')
      .select([
        'l.player_id',
        'l.team_id',
        sql<string>`max(m.kickoff_at)`.as('last_at'),
        sql<number>`count(*)`.as('times'),
      ])
      .groupBy(['l.player_id', 'l.team_id'])
      .execute(),
    db
      .selectFrom('match_event as e')
      .innerJoin('match as m', 'm.id', 'e.match_id')
      .where('e.player_id', 'is not', null)
      .where('e.team_id', 'is not', null)
      .select([
        'e.player_id',
        'e.team_id',
        sql<string>`max(m.kickoff_at)`.as('last_at'),
        sql<number>`count(*)`.as('times'),
      ])
      .groupBy(['e.player_id', 'e.team_id'])
      .execute(),
    db
      .selectFrom('squad_member as q')
      .innerJoin('season as s', 's.id', 'q.season_id')
      .select([
        'q.player_id',
        'q.team_id',
        sql<string | null>`max(s.start_date)`.as('last_at'),
        sql<number>`count(*)`.as('times'),
      ])
      .groupBy(['q.player_id', 'q.team_id'])
      .execute(),
  ]);
  const spells = [...lineups, ...events, ...squads].map((row) => ({
    playerId: Number(row.player_id),
    teamId: Number(row.team_id),
    lastAt: row.last_at == null ? '' : toIsoString(row.last_at),
    times: Number(row.times),
  }));
  return {
    players: players.map((row) => ({
      id: Number(row.id),
      name: row.name,
      shortName: row.short_name,
      birthDate: row.birth_date,
      country: row.country,
    })),
    spells,
  };
}
