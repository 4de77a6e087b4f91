// Writes one season's matches so that a re-run changes nothing: rows are
// compared with what is stored and only differences are written (updated_at
// moves only then); new rows go in batches. A match another source stored
// first (same teams, kick-off within a day and a half) is adopted rather than
// duplicated, whichever importer ran first. A match whose key changed because a
// newer file of the same source moved it (the Football.TXT over the JSON) names
// its old keys and keeps its id. Matches this source stored before
// but no longer ships (a fixture moved to another date upstream: its key has a
// new date) are removed, unless another source has attached data to them.
import { toIsoString } from '../../client.ts';
import type { SeedDb } from '../seed-kit.ts';
import type { RefStore } from './ref-store.ts';
import { MATCH_RESULT_COLUMNS, toMatchRow, type MatchResultColumn, type MatchRow } from '../../match-rows.ts';
import { findSameMatch, type MatchIdentity } from '../../../domain/same-match.ts';

/** A match that has kicked off: a file listing it as unplayed is older than what is stored. */
const PLAYED_STATUSES: ReadonlySet<string> = new Set(['live', 'half-time', 'finished', 'awarded', 'abandoned']);

const BATCH = 400; // 22 columns × 400 rows stays well under SQLite's and PostgreSQL's bound-parameter limits

/** The columns of `match` this importer owns. `source` is set on insert only; `has_events` only ever goes 0 → 1. */
export type MatchValues = Pick<
  MatchRow,
  | 'season_id'
  | 'stage'
  | 'round'
  | 'group_name'
  | 'kickoff_at'
  | 'kickoff_time_known'
  | 'home_team_id'
  | 'away_team_id'
  | 'venue_id'
  | MatchResultColumn
  | 'has_events'
>;

export interface PlannedMatch {
  /** source_ref external id: competition|season|date|team1|team2. */
  key: string;
  /** Keys the match may have been stored under before (another date in an older file): its row is kept. */
  formerKeys?: readonly string[];
  values: MatchValues;
}

export interface MatchWriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  adopted: number;
  /** Found under a former key (moved to another date by a newer file). */
  moved: number;
  removed: number;
  kept: number;
}

/** A match's identity for decision 009's rule (domain/same-match.ts). */
function identityOf(values: MatchValues): MatchIdentity {
  return {
    homeTeamId: values.home_team_id,
    awayTeamId: values.away_team_id,
    kickoffAt: values.kickoff_at,
    kickoffTimeKnown: values.kickoff_time_known === 1,
  };
}

type StoredMatch = MatchValues & { id: number };

const COMPARED: readonly (keyof MatchValues)[] = [
  'stage',
  'round',
  'group_name',
  'kickoff_at',
  'kickoff_time_known',
  'home_team_id',
  'away_team_id',
  'venue_id',
  'status',
  'home_score',
  'away_score',
  'home_score_ht',
  'away_score_ht',
  'home_score_et',
  'away_score_et',
  'home_score_pen',
  'away_score_pen',
  'has_events',
];

async function loadSeasonMatches(db: SeedDb, seasonId: number): Promise<Map<number, StoredMatch>> {
  const rows = await db.selectFrom('match').selectAll().where('season_id', '=', seasonId).execute();
  const stored = new Map<number, StoredMatch>();
  for (const row of rows) {
    const match = toMatchRow(row);
    stored.set(match.id, match);
  }
  return stored;
}

/** Writes a season's matches; returns the match id of every key. */
export async function writeSeasonMatches(
  db: SeedDb,
  refs: RefStore,
  options: { seasonId: number; keyPrefix: string; source: string; now: string; log: (message: string) => void },
  planned: readonly PlannedMatch[],
): Promise<{ ids: Map<string, number>; counts: MatchWriteCounts }> {
  const counts: MatchWriteCounts = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    adopted: 0,
    moved: 0,
    removed: 0,
    kept: 0,
  };
  const stored = await loadSeasonMatches(db, options.seasonId);
  const ids = new Map<string, number>();
  const fresh: PlannedMatch[] = [];
  /** The stored row a planned match is already known as: under its key, else under a former key. */
  const knownId = (match: PlannedMatch): { id: number; former: boolean } | undefined => {
    const id = refs.get('match', match.key);
    if (id !== undefined && stored.has(id)) return { id, former: false };
    for (const key of match.formerKeys ?? []) {
      const former = refs.get('match', key);
      if (former !== undefined && stored.has(former)) return { id: former, former: true };
    }
    return undefined;
  };

  // Stored matches of this season no planned match points at: another source's, or ours moved in time.
  const claimed = new Set<number>();
  for (const match of planned) {
    const known = knownId(match);
    if (known !== undefined) claimed.add(known.id);
  }
  const unclaimed = new Map<string, StoredMatch[]>();
  for (const match of stored.values()) {
    if (claimed.has(match.id)) continue;
    const pair = `${match.home_team_id}|${match.away_team_id}`;
    unclaimed.set(pair, [...(unclaimed.get(pair) ?? []), match]);
  }
  const adopt = (values: MatchValues): StoredMatch | undefined => {
    const candidates = unclaimed.get(`${values.home_team_id}|${values.away_team_id}`) ?? [];
    // The same real match stored by another source (one rule for every source); openfootball's home and away are kept.
    const found = findSameMatch(
      candidates.map((match) => ({ ...identityOf(match), match })),
      identityOf(values),
      { sidesFixed: true },
    )?.match;
    if (found) candidates.splice(candidates.indexOf(found), 1);
    return found;
  };

  for (const match of planned) {
    const known = knownId(match);
    let current = known === undefined ? undefined : stored.get(known.id);
    if (known?.former) {
      refs.set('match', match.key, known.id);
      counts.moved += 1;
    }
    if (current === undefined) {
      current = adopt(match.values);
      if (current === undefined) {
        fresh.push(match);
        continue;
      }
      refs.set('match', match.key, current.id);
      counts.adopted += 1;
    }
    const id = current.id;
    ids.set(match.key, id);
    const values = { ...match.values, has_events: Math.max(match.values.has_events, current.has_events) };
    // openfootball lists a match days after it was played, and the data refresh imports it daily (issue #19):
    // a match that live ingest has seen kick off or finish keeps its result while the file still lists it unplayed.
    if (values.status === 'scheduled' && PLAYED_STATUSES.has(current.status))
      for (const column of MATCH_RESULT_COLUMNS) Object.assign(values, { [column]: current[column] });
    if (COMPARED.every((column) => values[column] === current[column])) {
      counts.unchanged += 1;
      continue;
    }
    await db
      .updateTable('match')
      .set({ ...values, updated_at: options.now })
      .where('id', '=', id)
      .execute();
    counts.updated += 1;
  }

  for (let index = 0; index < fresh.length; index += BATCH) {
    const chunk = fresh.slice(index, index + BATCH);
    // RETURNING does not promise row order, so rows come back with the columns that identify them.
    const inserted = await db
      .insertInto('match')
      .values(
        chunk.map((match) => ({ ...match.values, minute: null, source: options.source, updated_at: options.now })),
      )
      .returning(['id', 'kickoff_at', 'home_team_id', 'away_team_id'])
      .execute();
    const byIdentity = new Map(
      inserted.map((row) => [`${toIsoString(row.kickoff_at)}|${row.home_team_id}|${row.away_team_id}`, Number(row.id)]),
    );
    if (byIdentity.size !== chunk.length)
      throw new Error('openfootball: two new matches share kick-off and teams; cannot tell their ids apart');
    for (const match of chunk) {
      const id = byIdentity.get(`${match.values.kickoff_at}|${match.values.home_team_id}|${match.values.away_team_id}`);
      if (id === undefined)
        throw new Error(`openfootball: inserted match ${match.key} did not come back from the database`);
      ids.set(match.key, id);
      refs.set('match', match.key, id);
    }
    counts.inserted += chunk.length;
  }

  const plannedKeys = new Set(planned.map((match) => match.key));
  const stale = refs.externalIds('match', options.keyPrefix).filter((key) => !plannedKeys.has(key));
  if (stale.length > 0) {
    const inUse = new Set(ids.values());
    const removable: string[] = [];
    const droppedRefs: string[] = [];
    for (const key of stale) {
      const id = refs.get('match', key);
      if (id === undefined) continue;
      if (inUse.has(id)) {
        droppedRefs.push(key); // adopted under its new key (moved by under 36 hours), or found under this former key
        continue;
      }
      if (await hasOtherSourcesData(db, id)) {
        counts.kept += 1;
        options.log(`match ${key} is no longer in the source but other sources have data for it; kept`);
        continue;
      }
      await db.deleteFrom('match_event').where('match_id', '=', id).execute();
      await db.deleteFrom('match').where('id', '=', id).execute();
      removable.push(key);
    }
    await refs.delete('match', [...removable, ...droppedRefs]);
    counts.removed += removable.length;
    if (removable.length > 0)
      options.log(`${removable.length} matches no longer in the source (moved to another date?) removed`);
  }
  return { ids, counts };
}

/** Line-ups, stats, actions or non-goal events: data a richer source (Wyscout) attached. */
async function hasOtherSourcesData(db: SeedDb, matchId: number): Promise<boolean> {
  const checks = [
    db.selectFrom('match_lineup').select('match_id').where('match_id', '=', matchId).limit(1),
    db.selectFrom('match_action').select('match_id').where('match_id', '=', matchId).limit(1),
    db.selectFrom('match_team_stats').select('match_id').where('match_id', '=', matchId).limit(1),
    db.selectFrom('match_player_stats').select('match_id').where('match_id', '=', matchId).limit(1),
    db.selectFrom('match_side').select('match_id').where('match_id', '=', matchId).limit(1),
    db
      .selectFrom('match_event')
      .select('match_id')
      .where('match_id', '=', matchId)
      .where('type', 'not in', ['goal', 'own_goal', 'penalty_goal'])
      .limit(1),
  ];
  for (const query of checks) if (await query.executeTakeFirst()) return true;
  return false;
}
