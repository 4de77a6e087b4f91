// Goals with scorers and minutes (World Cups, Euros, the 2026 play-offs) as
// match_event rows, and their scorers as players. Conventions:
// - `team_id` is the team the goal counts for; an own goal's scorer
//   (`player_id`) plays for the other team, as openfootball lists it;
// - players are known only by the name a file gives them, per national team
//   (source_ref 'player': "national|ARG|lionel messi"), so "Messi" (Euro
//   files) and "Lionel Messi" (World Cup files) stay two players;
// - a match's events are replaced only while every stored event is a goal:
//   a timeline from a richer source (Wyscout cards, substitutions) is left alone.
import { foldText } from '../../../domain/names.ts';
import type { SeedDb } from '../seed-kit.ts';
import type { GoalEvent } from './normalize.ts';
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
}

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
  seasonId: number,
  matches: readonly MatchGoals[],
  counts: GoalWriteCounts,
): Promise<void> {
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
  const player = async (side: MatchGoals['home'], name: string): Promise<number> => {
    const key = `${side.identity}|${foldText(name)}`;
    let id = refs.get('player', key);
    if (id === undefined) {
      const inserted = await db
        .insertInto('player')
        .values({ name, short_name: name, birth_date: null, country: side.name, position: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(inserted.id);
      refs.set('player', key, id);
      counts.playersCreated += 1;
    }
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
