// Goals with scorers and minutes (World Cups, Euros, the 2026 play-offs) as
// match_event rows, and their scorers as players. Conventions:
// - `team_id` is the team the goal counts for; an own goal's scorer
//   (`player_id`) plays for the other team, as openfootball lists it;
// - players are known by name per national team (source_ref 'player':
//   "national|ARG|lionel messi"); within one team and competition-season a
//   short form of a longer name ("Mbappé" beside "Kylian Mbappé") is that
//   player (player-names.ts), so the 2022 World Cup counts Mbappé's 8 goals
//   once. Across competitions the names stay apart ("Ronaldo" at a Euro,
//   "Cristiano Ronaldo" at a World Cup): the rule never looks beyond one
//   team's names in one season;
// - a match's events are replaced only while every stored event is a goal:
//   a timeline from a richer source (Wyscout cards, substitutions) is left alone.
import { foldText } from '../../../domain/names.ts';
import type { SeedDb } from '../seed-kit.ts';
import type { GoalEvent } from './normalize.ts';
import { resolvePlayerNames } from './player-names.ts';
import type { RefStore } from './ref-store.ts';

const GOAL_TYPES = new Set(['goal', 'own_goal', 'penalty_goal']);
const BATCH = 500;

export interface MatchGoals {
  matchId: number;
  home: { teamId: number; identity: string; name: string };
  away: { teamId: number; identity: string; name: string };
  goals: readonly GoalEvent[];
}

interface EventRow {
  match_id: number;
  seq: number;
  period: string;
  minute: number;
  added_minute: number | null;
  second: number | null;
  type: string;
  team_id: number | null;
  player_id: number | null;
  related_player_id: number | null;
  detail: string | null;
}

export interface GoalWriteCounts {
  eventsWritten: number;
  playersCreated: number;
  /** Short scorer names read as a teammate's full name ("Mbappé" → "Kylian Mbappé"). */
  scorerNamesJoined: number;
  /** Short scorer names that fit two players and stay a player of their own. */
  scorerNamesAmbiguous: number;
}

/**
 * Players an earlier import created under a short name that now resolves to a
 * teammate's full name (a database imported before the name rule): removed by
 * removeRetiredPlayers once nothing points at them any more.
 */
export type RetiredPlayers = Map<string, number>;

function sameEvents(stored: readonly EventRow[], wanted: readonly EventRow[]): boolean {
  if (stored.length !== wanted.length) return false;
  return stored.every((row, index) => {
    const other = wanted[index];
    return (
      other !== undefined &&
      row.seq === other.seq &&
      row.period === other.period &&
      row.minute === other.minute &&
      row.added_minute === other.added_minute &&
      row.type === other.type &&
      row.team_id === other.team_id &&
      row.player_id === other.player_id
    );
  });
}

/** Writes the goals of one season's matches and the scorers' squad places. */
export async function writeSeasonGoals(
  db: SeedDb,
  refs: RefStore,
  season: { id: number; label: string },
  matches: readonly MatchGoals[],
  counts: GoalWriteCounts,
  report: (message: string) => void,
  retired: RetiredPlayers,
): Promise<void> {
  const seasonId = season.id;
  const storedRows = await db
    .selectFrom('match_event')
    .innerJoin('match', 'match.id', 'match_event.match_id')
    .select([
      'match_event.match_id',
      'match_event.seq',
      'match_event.period',
      'match_event.minute',
      'match_event.added_minute',
      'match_event.second',
      'match_event.type',
      'match_event.team_id',
      'match_event.player_id',
      'match_event.related_player_id',
      'match_event.detail',
    ])
    .where('match.season_id', '=', seasonId)
    .orderBy('match_event.match_id')
    .orderBy('match_event.seq')
    .execute();
  const stored = new Map<number, EventRow[]>();
  for (const row of storedRows) {
    const matchId = Number(row.match_id);
    const event: EventRow = {
      ...row,
      match_id: matchId,
      team_id: row.team_id === null ? null : Number(row.team_id),
      player_id: row.player_id === null ? null : Number(row.player_id),
      related_player_id: row.related_player_id === null ? null : Number(row.related_player_id),
    };
    stored.set(matchId, [...(stored.get(matchId) ?? []), event]);
  }

  const squad = new Map<string, { season_id: number; team_id: number; player_id: number }>();
  const names = await resolveSeasonScorers(db, refs, season, matches, counts, report, retired);
  const player = async (side: MatchGoals['home'], scorer: string): Promise<number> => {
    const team = names.get(side.teamId);
    const name = team?.canonical.get(scorer) ?? scorer;
    const key = `${side.identity}|${foldText(name)}`;
    let id = team?.stored.get(foldText(name)) ?? refs.get('player', key);
    if (id === undefined) {
      const inserted = await db
        .insertInto('player')
        .values({ name, short_name: name, birth_date: null, country: side.name, position: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(inserted.id);
      counts.playersCreated += 1;
    }
    refs.set('player', key, id);
    squad.set(`${side.teamId}|${id}`, { season_id: seasonId, team_id: side.teamId, player_id: id });
    return id;
  };

  const inserts: EventRow[] = [];
  for (const match of matches) {
    const current = stored.get(match.matchId) ?? [];
    if (current.some((event) => !GOAL_TYPES.has(event.type))) continue;
    const wanted: EventRow[] = [];
    for (const [index, goal] of match.goals.entries()) {
      const scorerSide = goal.scorerSide === 'home' ? match.home : match.away;
      wanted.push({
        match_id: match.matchId,
        seq: index + 1,
        period: goal.period,
        minute: goal.minute,
        added_minute: goal.addedMinute,
        second: null,
        type: goal.type,
        team_id: (goal.side === 'home' ? match.home : match.away).teamId,
        player_id: await player(scorerSide, goal.scorer),
        related_player_id: null,
        detail: null,
      });
    }
    if (sameEvents(current, wanted)) continue;
    if (current.length > 0) await db.deleteFrom('match_event').where('match_id', '=', match.matchId).execute();
    inserts.push(...wanted);
  }
  for (let index = 0; index < inserts.length; index += BATCH) {
    await db
      .insertInto('match_event')
      .values(inserts.slice(index, index + BATCH))
      .execute();
  }
  counts.eventsWritten += inserts.length;

  const members = [...squad.values()];
  for (let index = 0; index < members.length; index += BATCH) {
    await db
      .insertInto('squad_member')
      .values(members.slice(index, index + BATCH).map((member) => ({ ...member, shirt_number: null, position: null })))
      .onConflict((oc) => oc.columns(['season_id', 'team_id', 'player_id']).doNothing())
      .execute();
  }
}

interface TeamNames {
  /** Each scorer name → the name of the player it stands for. */
  canonical: Map<string, string>;
  /** Folded name → player id of this importer's squad members of the team in this season. */
  stored: Map<string, number>;
}

/**
 * The player-name rule per team for one season: the names of every scorer the
 * team has in the season (all matches, also those whose events another source
 * owns, so the answer does not depend on which matches are written) and of the
 * players this importer already put in its squad (squads files, earlier runs).
 */
async function resolveSeasonScorers(
  db: SeedDb,
  refs: RefStore,
  season: { id: number; label: string },
  matches: readonly MatchGoals[],
  counts: GoalWriteCounts,
  report: (message: string) => void,
  retired: RetiredPlayers,
): Promise<Map<number, TeamNames>> {
  const own = new Set<number>();
  for (const key of refs.externalIds('player', '')) {
    const id = refs.get('player', key);
    if (id !== undefined) own.add(id);
  }
  const scorers = new Map<number, { side: MatchGoals['home']; names: Set<string> }>();
  for (const match of matches) {
    for (const goal of match.goals) {
      const side = goal.scorerSide === 'home' ? match.home : match.away;
      const entry = scorers.get(side.teamId) ?? { side, names: new Set<string>() };
      entry.names.add(goal.scorer);
      scorers.set(side.teamId, entry);
    }
  }
  const squadRows = await db
    .selectFrom('squad_member as s')
    .innerJoin('player as p', 'p.id', 's.player_id')
    .select(['s.team_id', 'p.id', 'p.name'])
    .where('s.season_id', '=', season.id)
    .execute();
  const stored = new Map<number, Map<string, { id: number; name: string }>>();
  for (const row of squadRows) {
    const id = Number(row.id);
    if (!own.has(id)) continue; // another source's players (Fjelstul, Wyscout) are not matched by name here
    const team = Number(row.team_id);
    const byName = stored.get(team) ?? new Map<string, { id: number; name: string }>();
    byName.set(foldText(row.name), { id, name: row.name });
    stored.set(team, byName);
  }

  const result = new Map<number, TeamNames>();
  const joined: string[] = [];
  for (const [teamId, { side, names }] of scorers) {
    const squadNames = [...(stored.get(teamId)?.values() ?? [])].map((player) => player.name);
    const resolution = resolvePlayerNames([...names, ...squadNames]);
    for (const [short, full] of resolution.resolved) {
      if (!names.has(short)) continue; // a stored squad name, not a scorer of this season
      joined.push(`${short} → ${full} (${side.name})`);
      counts.scorerNamesJoined += 1;
      const shortKey = `${side.identity}|${foldText(short)}`;
      const earlier = refs.get('player', shortKey);
      if (earlier !== undefined) retired.set(shortKey, earlier);
    }
    for (const [short, candidates] of resolution.ambiguous) {
      if (!names.has(short)) continue;
      counts.scorerNamesAmbiguous += 1;
      report(
        `${season.label}: scorer "${short}" (${side.name}) could be ${candidates.map((name) => `"${name}"`).join(' or ')}; kept as a player of its own`,
      );
    }
    const storedIds = new Map<string, number>();
    for (const [folded, player] of stored.get(teamId) ?? []) storedIds.set(folded, player.id);
    result.set(teamId, { canonical: resolution.canonical, stored: storedIds });
  }
  if (joined.length > 0)
    report(`${season.label}: ${joined.length} short scorer names read as a teammate's full name: ${joined.join('; ')}`);
  return result;
}

/**
 * Removes the players of `retired` that no event, line-up or stat points at any
 * more (with their squad places and references); returns how many went.
 */
export async function removeRetiredPlayers(db: SeedDb, refs: RefStore, retired: RetiredPlayers): Promise<number> {
  let removed = 0;
  for (const [key, id] of retired) {
    if (await isPlayerReferenced(db, id)) continue;
    await db.deleteFrom('squad_member').where('player_id', '=', id).execute();
    await refs.delete('player', [key]);
    const otherRefs = await db
      .selectFrom('source_ref')
      .select('local_id')
      .where('kind', '=', 'player')
      .where('local_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (otherRefs === undefined) {
      await db.deleteFrom('player').where('id', '=', id).execute();
      removed += 1;
    }
  }
  return removed;
}

async function isPlayerReferenced(db: SeedDb, id: number): Promise<boolean> {
  const checks = [
    db
      .selectFrom('match_event')
      .select('match_id')
      .where((eb) => eb.or([eb('player_id', '=', id), eb('related_player_id', '=', id)]))
      .limit(1),
    db.selectFrom('match_lineup').select('match_id').where('player_id', '=', id).limit(1),
    db.selectFrom('match_player_stats').select('match_id').where('player_id', '=', id).limit(1),
    db.selectFrom('match_action').select('match_id').where('player_id', '=', id).limit(1),
  ];
  for (const query of checks) if (await query.executeTakeFirst()) return true;
  return false;
}
