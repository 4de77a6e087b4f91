// What one Wyscout match becomes (issue #3), worked out from its files alone:
// key events (goals, cards, substitutions, periods), every on-ball action, line-ups,
// and team and player stats. Pure: ids are still Wyscout ids; wyscout-step.ts maps
// them to local rows. The counting rules are written next to the code that applies them.
import { countMatchStats, type PlayerStats, type TeamStats } from '../../../domain/match-stats.ts';
import { bodyPartOf, WYSCOUT_TAG } from '../../../domain/wyscout-tags.ts';
import type { WyscoutEvent, WyscoutMatch, WyscoutPeriod, WyscoutTeamData } from './wyscout-files.ts';

export type KeyEventType =
  | 'goal'
  | 'own_goal'
  | 'penalty_goal'
  | 'missed_penalty'
  | 'yellow_card'
  | 'second_yellow'
  | 'red_card'
  | 'substitution'
  | 'period_start'
  | 'period_end'
  | 'shootout_goal'
  | 'shootout_miss';

export interface KeyEvent {
  seq: number;
  period: WyscoutPeriod;
  minute: number;
  addedMinute: number | null;
  /** Seconds since the period started; null where the source has only a minute (substitutions, some cards). */
  second: number | null;
  type: KeyEventType;
  /** For goals and own goals: the team the goal counts for. Otherwise the acting player's team. */
  teamId: number | null;
  playerId: number | null;
  /** The assist for a goal; the player going off for a substitution. */
  relatedPlayerId: number | null;
  detail: string | null;
}

export interface Action {
  seq: number;
  period: WyscoutPeriod;
  second: number;
  type: string;
  subtype: string | null;
  teamId: number | null;
  playerId: number | null;
  x: number | null;
  y: number | null;
  endX: number | null;
  endY: number | null;
  tags: string;
}

export type { PlayerStats, TeamStats } from '../../../domain/match-stats.ts';

export interface LineupEntry {
  teamId: number;
  playerId: number;
  starter: boolean;
}

export interface SideScore {
  teamId: number;
  side: 'home' | 'away';
  /** After 90 minutes (the records' `score`). */
  score: number;
  scoreHt: number;
  /** After extra time, when it was played (`scoreET`, cumulative). */
  scoreEt: number | null;
  scorePen: number | null;
}

export interface DerivedMatch {
  home: SideScore;
  away: SideScore;
  keyEvents: KeyEvent[];
  actions: Action[];
  lineups: LineupEntry[];
  teamStats: TeamStats[];
  playerStats: PlayerStats[];
  /** Things in the files that disagreed and how they were settled, for the import log. */
  notes: string[];
}

const PERIOD_ORDER: Record<WyscoutPeriod, number> = { '1H': 0, '2H': 1, E1: 2, E2: 3, P: 4 };
/** Minute on the clock when each period starts, and its regular length. */
const PERIOD_BASE: Record<WyscoutPeriod, number> = { '1H': 0, '2H': 45, E1: 90, E2: 105, P: 120 };
const PERIOD_LENGTH: Record<WyscoutPeriod, number> = { '1H': 45, '2H': 45, E1: 15, E2: 15, P: 0 };
const PLAYING_PERIODS: ReadonlySet<WyscoutPeriod> = new Set(['1H', '2H', 'E1', 'E2']);


/**
 * The minute shown for a moment `second`s into `period`: 1H runs 1'–45' then
 * 45'+1, 45'+2 …; 2H starts at 46' and stops at 90'+n; E1 91'–105'+n; E2 106'–120'+n.
 * The shoot-out has no clock: its events are at 120'.
 */
export function minuteOf(period: WyscoutPeriod, second: number): { minute: number; addedMinute: number | null } {
  if (period === 'P') return { minute: 120, addedMinute: null };
  return clockMinute(period, Math.floor(second / 60) + 1);
}

/** A minute counted from the start of `period` (1 = its first minute), capped with added time. */
function clockMinute(period: WyscoutPeriod, minuteInPeriod: number): { minute: number; addedMinute: number | null } {
  const length = PERIOD_LENGTH[period];
  if (minuteInPeriod > length) return { minute: PERIOD_BASE[period] + length, addedMinute: minuteInPeriod - length };
  return { minute: PERIOD_BASE[period] + Math.max(1, minuteInPeriod), addedMinute: null };
}

/**
 * A match-clock minute from the records (substitutions, cards), placed in a period:
 * the given one when known (e.g. from the player's first action), else by the
 * minute itself. A half-time change recorded at 45' but made in 2H shows as 46'.
 */
export function placeRecordMinute(
  recordMinute: number,
  duration: WyscoutMatch['duration'],
  knownPeriod?: WyscoutPeriod,
): { period: WyscoutPeriod; minute: number; addedMinute: number | null; sortSecond: number } {
  const period = knownPeriod && knownPeriod !== 'P' ? knownPeriod : periodForMinute(recordMinute, duration);
  const minuteInPeriod = recordMinute - PERIOD_BASE[period];
  const placed = clockMinute(period, minuteInPeriod);
  // Somewhere inside that minute: after the period starts, before the next minute's actions.
  return { period, ...placed, sortSecond: (Math.max(1, minuteInPeriod) - 1) * 60 + 30 };
}

function periodForMinute(minute: number, duration: WyscoutMatch['duration']): WyscoutPeriod {
  if (minute <= 45) return '1H';
  if (minute <= 90 || duration === 'Regular') return '2H';
  return minute <= 105 ? 'E1' : 'E2';
}

function roundSecond(second: number): number {
  return Math.round(second * 1000) / 1000;
}

/** "27" → 27; "0", "null" or anything else → null. */
function recordMinute(value: string): number | null {
  const minute = Number(value);
  return Number.isInteger(minute) && minute > 0 ? minute : null;
}

interface PendingEvent extends Omit<KeyEvent, 'seq'> {
  sortSecond: number;
  /** Among events at the same moment: period_start first, period_end last. */
  rank: number;
  order: number;
}

interface GoalFound {
  index: number;
  type: 'goal' | 'penalty_goal' | 'own_goal';
  /** The team the goal counts for. */
  teamId: number;
  playerId: number | null;
  assistId: number | null;
  detail: string | null;
}

function tagIds(event: WyscoutEvent): number[] {
  return event.tags.map((tag) => tag.id);
}

/**
 * Goals from the event stream, per the NOTICE: a Shot or Free Kick carrying tag
 * 101 in 1H/2H/E1/E2 is a goal for the shooter's team (a penalty when the free
 * kick is a Penalty); an event tagged 102 is an own goal by that player, counting
 * for the other team. The goalkeeper's conceding event (Save attempt + 101) is not
 * a goal: it is the check.
 *
 * Repair: when a team's goals from that rule fall short of its official total
 * (`officialGoals`), a conceding goalkeeper event with no goal event just before
 * it becomes a goal for the other team, scored by that team's player on the event
 * right before it. This happens once: Chelsea 0–1 Manchester City (2017-09-30),
 * where De Bruyne's goal is typed "Simple pass". The shortfall condition matters:
 * West Ham 2–0 Watford has a stray conceding tag on a save that was no goal.
 *
 * Assist rule: for an open-play goal (not a penalty or an own goal), the nearest
 * earlier event of the scoring team tagged 301 (assist), by another player, within
 * the same attack: at most 10 events back, same period, not past an earlier goal.
 * Wyscout tags the assisting pass itself, so no assist is guessed without the tag.
 */
export function findGoals(
  events: readonly WyscoutEvent[],
  teamIds: readonly [number, number],
  officialGoals?: ReadonlyMap<number, number>,
  tags: readonly (readonly number[])[] = events.map(tagIds),
): GoalFound[] {
  const goals: GoalFound[] = [];
  const unpaired: number[] = [];
  const other = (teamId: number) => (teamId === teamIds[0] ? teamIds[1] : teamIds[0]);
  for (const [index, event] of events.entries()) {
    if (!PLAYING_PERIODS.has(event.matchPeriod)) continue;
    const eventTags = tags[index] as readonly number[];
    const player = event.playerId === 0 ? null : event.playerId;
    if ((event.eventName === 'Shot' || event.eventName === 'Free Kick') && eventTags.includes(WYSCOUT_TAG.goal)) {
      const penalty = event.subEventName === 'Penalty';
      goals.push({
        index,
        type: penalty ? 'penalty_goal' : 'goal',
        teamId: event.teamId,
        playerId: player,
        assistId: null,
        detail: event.subEventName === 'Free kick shot' ? 'free kick' : penalty ? null : bodyPartOf(eventTags),
      });
    } else if (eventTags.includes(WYSCOUT_TAG.ownGoal)) {
      goals.push({
        index,
        type: 'own_goal',
        teamId: other(event.teamId),
        playerId: player,
        assistId: null,
        detail: null,
      });
    } else if (event.eventName === 'Save attempt' && eventTags.includes(WYSCOUT_TAG.goal)) {
      const last = goals.at(-1);
      const paired =
        last !== undefined &&
        last.teamId === other(event.teamId) &&
        index - last.index <= 3 &&
        events[last.index]?.matchPeriod === event.matchPeriod;
      if (!paired) unpaired.push(index);
    }
  }

  if (officialGoals) {
    for (const index of unpaired) {
      const scoringTeam = other((events[index] as WyscoutEvent).teamId);
      const counted = goals.filter((goal) => goal.teamId === scoringTeam).length;
      if (counted >= (officialGoals.get(scoringTeam) ?? 0)) continue;
      const before = events[index - 1];
      if (
        !before ||
        before.matchPeriod !== events[index]?.matchPeriod ||
        before.teamId !== scoringTeam ||
        before.playerId === 0
      )
        continue;
      goals.push({
        index: index - 1,
        type: 'goal',
        teamId: scoringTeam,
        playerId: before.playerId,
        assistId: null,
        detail: bodyPartOf(tags[index - 1] as readonly number[]),
      });
    }
    goals.sort((a, b) => a.index - b.index);
  }

  for (const [position, goal] of goals.entries()) {
    if (goal.type !== 'goal') continue;
    const previousGoalIndex = goals[position - 1]?.index ?? -1;
    goal.assistId = findAssist(events, tags, goal.index, previousGoalIndex);
  }
  return goals;
}

function findAssist(
  events: readonly WyscoutEvent[],
  tags: readonly (readonly number[])[],
  goalIndex: number,
  previousGoalIndex: number,
): number | null {
  const goal = events[goalIndex] as WyscoutEvent;
  const stop = Math.max(0, goalIndex - 10, previousGoalIndex + 1);
  for (let index = goalIndex - 1; index >= stop; index -= 1) {
    const event = events[index] as WyscoutEvent;
    if (event.matchPeriod !== goal.matchPeriod) return null;
    if (
      event.teamId === goal.teamId &&
      event.playerId !== 0 &&
      event.playerId !== goal.playerId &&
      (tags[index] as readonly number[]).includes(WYSCOUT_TAG.assist)
    )
      return event.playerId;
  }
  return null;
}

/** Home and away as the match record has them. */
export function sidesOf(match: WyscoutMatch): { home: WyscoutTeamData; away: WyscoutTeamData } {
  const teams = Object.values(match.teamsData);
  const home = teams.find((team) => team.side === 'home');
  const away = teams.find((team) => team.side === 'away');
  if (teams.length !== 2 || !home || !away)
    throw new Error(`Wyscout match ${match.wyId} does not have one home and one away team`);
  return { home, away };
}

function sideScore(
  team: WyscoutTeamData,
  duration: WyscoutMatch['duration'],
  firstHalfGoals: number,
  notes: string[],
  label: string,
): SideScore {
  // The records' scoreHT is wrong once (Crystal Palace 2–3 Manchester United: 1–0 at half-time, recorded 0–0);
  // the event stream, which gives every final score exactly, settles it.
  if (firstHalfGoals !== team.scoreHT)
    notes.push(
      `${label}: half-time goals from events (${firstHalfGoals}) differ from the record (${team.scoreHT}) for team ${team.teamId}; using the events`,
    );
  return {
    teamId: team.teamId,
    side: team.side,
    score: team.score,
    scoreHt: firstHalfGoals,
    scoreEt: duration === 'Regular' ? null : team.scoreET,
    scorePen: duration === 'Penalties' ? team.scoreP : null,
  };
}

export function deriveMatch(match: WyscoutMatch, events: readonly WyscoutEvent[]): DerivedMatch {
  const sides = sidesOf(match);
  const teamIds = [sides.home.teamId, sides.away.teamId] as const;
  const tags = events.map(tagIds);
  const notes: string[] = [];
  const pending: PendingEvent[] = [];
  let order = 0;
  const add = (event: Omit<PendingEvent, 'order'>) => pending.push({ ...event, order: order++ });

  // First action of each player: which period a recorded substitution fell in.
  const firstPeriodOf = new Map<number, WyscoutPeriod>();
  const periodSeconds = new Map<WyscoutPeriod, number>();
  for (const event of events) {
    if (event.playerId !== 0 && !firstPeriodOf.has(event.playerId))
      firstPeriodOf.set(event.playerId, event.matchPeriod);
    periodSeconds.set(event.matchPeriod, Math.max(periodSeconds.get(event.matchPeriod) ?? 0, event.eventSec));
  }

  for (const [period, lastSecond] of periodSeconds) {
    // A period starts on the clock's minute (0', 45', 90', 105', 120'); it ends at its last action.
    add({
      period,
      minute: PERIOD_BASE[period],
      addedMinute: null,
      second: 0,
      type: 'period_start',
      teamId: null,
      playerId: null,
      relatedPlayerId: null,
      detail: null,
      sortSecond: 0,
      rank: 0,
    });
    const end = roundSecond(lastSecond);
    add({
      period,
      ...minuteOf(period, end),
      second: end,
      type: 'period_end',
      teamId: null,
      playerId: null,
      relatedPlayerId: null,
      detail: null,
      sortSecond: end,
      rank: 2,
    });
  }

  const official = new Map(
    [sides.home, sides.away].map((team) => [team.teamId, match.duration === 'Regular' ? team.score : team.scoreET]),
  );
  const goals = findGoals(events, teamIds, official, tags);
  for (const [teamId, total] of official) {
    const counted = goals.filter((goal) => goal.teamId === teamId).length;
    if (counted !== total)
      notes.push(`${match.label}: ${counted} goals in the events for team ${teamId}, ${total} in the record`);
  }
  for (const goal of goals) {
    const event = events[goal.index] as WyscoutEvent;
    const second = roundSecond(event.eventSec);
    add({
      period: event.matchPeriod,
      ...minuteOf(event.matchPeriod, second),
      second,
      type: goal.type,
      teamId: goal.teamId,
      playerId: goal.playerId,
      relatedPlayerId: goal.assistId,
      detail: goal.detail,
      sortSecond: second,
      rank: 1,
    });
  }

  // Penalties that were not scored, in play and in the shoot-out.
  for (const [index, event] of events.entries()) {
    if (event.eventName !== 'Free Kick' || event.subEventName !== 'Penalty') continue;
    const scored = (tags[index] as number[]).includes(WYSCOUT_TAG.goal);
    const second = roundSecond(event.eventSec);
    const player = event.playerId === 0 ? null : event.playerId;
    if (event.matchPeriod === 'P') {
      add({
        period: 'P',
        ...minuteOf('P', second),
        second,
        type: scored ? 'shootout_goal' : 'shootout_miss',
        teamId: event.teamId,
        playerId: player,
        relatedPlayerId: null,
        detail: null,
        sortSecond: second,
        rank: 1,
      });
    } else if (!scored) {
      add({
        period: event.matchPeriod,
        ...minuteOf(event.matchPeriod, second),
        second,
        type: 'missed_penalty',
        teamId: event.teamId,
        playerId: player,
        relatedPlayerId: null,
        detail: null,
        sortSecond: second,
        rank: 1,
      });
    }
  }

  const cards = findCards(match, events, tags);
  for (const card of cards) add({ ...card, relatedPlayerId: null, rank: 1 });

  for (const team of [sides.home, sides.away]) {
    for (const substitution of team.formation.substitutions) {
      const placed = placeRecordMinute(substitution.minute, match.duration, firstPeriodOf.get(substitution.playerIn));
      add({
        period: placed.period,
        minute: placed.minute,
        addedMinute: placed.addedMinute,
        second: null,
        type: 'substitution',
        teamId: team.teamId,
        playerId: substitution.playerIn,
        relatedPlayerId: substitution.playerOut,
        detail: null,
        sortSecond: placed.sortSecond,
        rank: 1,
      });
    }
  }

  pending.sort(
    (a, b) =>
      PERIOD_ORDER[a.period] - PERIOD_ORDER[b.period] ||
      a.sortSecond - b.sortSecond ||
      a.rank - b.rank ||
      a.order - b.order,
  );
  const keyEvents: KeyEvent[] = pending.map(
    ({ sortSecond: _sortSecond, rank: _rank, order: _order, ...event }, index) => ({ ...event, seq: index + 1 }),
  );

  const firstHalfGoals = (teamId: number) =>
    goals.filter((goal) => goal.teamId === teamId && events[goal.index]?.matchPeriod === '1H').length;
  const home = sideScore(sides.home, match.duration, firstHalfGoals(sides.home.teamId), notes, match.label);
  const away = sideScore(sides.away, match.duration, firstHalfGoals(sides.away.teamId), notes, match.label);

  const lineups: LineupEntry[] = [];
  for (const team of [sides.home, sides.away]) {
    for (const entry of team.formation.lineup)
      lineups.push({ teamId: team.teamId, playerId: entry.playerId, starter: true });
    for (const entry of team.formation.bench)
      lineups.push({ teamId: team.teamId, playerId: entry.playerId, starter: false });
  }

  const actions = toActions(events, tags);
  const { teamStats, playerStats } = countMatchStats({
    actions: actions.map((action, index) => ({ ...action, tags: tags[index] as readonly number[] })),
    keyEvents,
    lineups,
    teamIds,
    minutesPlayed: match.duration === 'Regular' ? 90 : 120,
  });
  return { home, away, keyEvents, actions, lineups, teamStats, playerStats, notes };
}

type CardType = 'yellow_card' | 'second_yellow' | 'red_card';
type PlacedCard = Omit<PendingEvent, 'order' | 'rank' | 'relatedPlayerId'> & { type: CardType };

/**
 * Cards: the event tags (1702 yellow, 1703 second yellow, 1701 red) give the
 * exact moment; the records' cards columns (minutes) fill in what the tags miss —
 * a yellow with no yellow tag, a red with no red or second-yellow tag (a second
 * yellow when the record also has a yellow, else a straight red).
 */
function findCards(
  match: WyscoutMatch,
  events: readonly WyscoutEvent[],
  tags: readonly (readonly number[])[],
): PlacedCard[] {
  const cards: PlacedCard[] = [];
  const byPlayer = new Map<number, Set<CardType>>();
  const remember = (playerId: number, type: CardType) => {
    const seen = byPlayer.get(playerId) ?? new Set<CardType>();
    seen.add(type);
    byPlayer.set(playerId, seen);
  };
  for (const [index, event] of events.entries()) {
    for (const tag of tags[index] as readonly number[]) {
      const type: CardType | undefined =
        tag === WYSCOUT_TAG.yellowCard
          ? 'yellow_card'
          : tag === WYSCOUT_TAG.secondYellowCard
            ? 'second_yellow'
            : tag === WYSCOUT_TAG.redCard
              ? 'red_card'
              : undefined;
      if (!type || event.playerId === 0) continue;
      const second = roundSecond(event.eventSec);
      cards.push({
        period: event.matchPeriod,
        ...minuteOf(event.matchPeriod, second),
        second,
        type,
        teamId: event.teamId,
        playerId: event.playerId,
        detail: event.subEventName.toLowerCase() || null,
        sortSecond: second,
      });
      remember(event.playerId, type);
    }
  }
  for (const team of Object.values(match.teamsData)) {
    for (const entry of [...team.formation.lineup, ...team.formation.bench]) {
      const yellow = recordMinute(entry.yellowCards);
      const red = recordMinute(entry.redCards);
      const seen = byPlayer.get(entry.playerId) ?? new Set<CardType>();
      const fromRecord = (type: CardType, minute: number) => {
        const placed = placeRecordMinute(minute, match.duration);
        cards.push({
          period: placed.period,
          minute: placed.minute,
          addedMinute: placed.addedMinute,
          second: null,
          type,
          teamId: team.teamId,
          playerId: entry.playerId,
          detail: null,
          sortSecond: placed.sortSecond,
        });
      };
      if (yellow !== null && !seen.has('yellow_card') && !seen.has('second_yellow')) fromRecord('yellow_card', yellow);
      if (red !== null && !seen.has('red_card') && !seen.has('second_yellow'))
        fromRecord(yellow !== null && yellow < red ? 'second_yellow' : 'red_card', red);
    }
  }
  return cards;
}

function toActions(events: readonly WyscoutEvent[], tags: readonly (readonly number[])[]): Action[] {
  return events.map((event, index) => {
    const start = event.positions[0];
    const end = event.positions[1];
    return {
      seq: index + 1,
      period: event.matchPeriod,
      second: roundSecond(event.eventSec),
      type: event.eventName,
      subtype: event.subEventName === '' ? null : event.subEventName,
      teamId: event.teamId === 0 ? null : event.teamId,
      playerId: event.playerId === 0 ? null : event.playerId,
      x: start?.x ?? null,
      y: start?.y ?? null,
      endX: end?.x ?? null,
      endY: end?.y ?? null,
      tags: (tags[index] as readonly number[]).join(','),
    };
  });
}
