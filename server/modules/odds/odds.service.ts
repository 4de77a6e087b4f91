// The odds module (issue #24; docs/odds.md): a Dixon–Coles team-strength model (domain/odds) fitted per
// competition on the football service's stored results, the markets of a match before kick-off and in
// play, its win-probability graph, and the `odds` events on `match:<id>` while a match is played.
//
// Walk-forward, no peeking: a match's pre-match odds come from a fit on the results of its competition
// dated before its kick-off day (a demo replay: before its original's), never later — so the same endpoint
// lets anyone audit the model on any past match. A match still to come, or played today, uses the fit on
// the results before today. Fits are kept per competition and day (least recently used dropped past
// FIT_CACHE_SIZE); the results a competition's fits read are read again after RESULTS_MAX_AGE_MS or when
// ingest says a result changed, and only fits whose days the changed results fall before are dropped.
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { MatchEvent, MatchSummary } from '../../../domain/football-contracts.ts';
import { matchTopic, SCORING_EVENT_TYPES, type KeyEventType } from '../../../domain/live-contracts.ts';
import type { MatchChanged } from '../../../domain/match-changes.ts';
import { readClock } from '../../../domain/match-clock.ts';
import { isLive, type MatchStatus } from '../../../domain/match-status.ts';
import type { MatchOdds, WinProbabilityPoint } from '../../../domain/odds-contracts.ts';
import {
  fitModel,
  inPlay,
  preMatchRates,
  priceMarkets,
  marketsFromMatrix,
  newTeamsOf,
  scorelineMatrix,
  winProbabilitySeries,
  type FittedModel,
  type InPlayState,
  type MatchEventForOdds,
  type MatchResult,
  type PreMatchRates,
} from '../../../domain/odds/index.ts';
import { venueAdvantage } from '../../../domain/odds/venue.ts';
import { leagueSettings } from '../../../domain/odds/league-settings.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CompetitionFixture, CompetitionResult, FootballService } from '../football/football.service.ts';
import type { LiveWriter } from '../live/live.service.ts';
import type { OddsSettings } from './odds.settings.ts';

/** Why a match has no odds (404 with this code): see docs/odds.md "When there are no odds". */
export class OddsUnavailableError extends Error {
  readonly code = 'odds_unavailable';
  constructor(message: string) {
    super(message);
    this.name = 'OddsUnavailableError';
  }
}

/** Staff switched betting content off in the CMS (404 odds_disabled). */
export class OddsDisabledError extends Error {
  readonly code = 'odds_disabled';
  constructor() {
    super('Odds are switched off on this site');
    this.name = 'OddsDisabledError';
  }
}

/** A fit needs this many results of the competition in its window. */
export const MIN_RESULTS = 30;
/** In a cup, each team needs this many results in the window (a cup between unknown teams has no odds). */
export const MIN_CUP_TEAM_RESULTS = 3;
/** Results older than this are left out of a fit: three seasons of a league; a cup also sees its last edition. */
export const WINDOW_DAYS = { league: 3 * 365, cup: 5 * 365 } as const;
/** Fits kept in memory (one per competition and day). */
export const FIT_CACHE_SIZE = 256;
/** A competition's results are read again after this long (another node may have written one; an import may have run). */
export const RESULTS_MAX_AGE_MS = 60_000;
/** While a match is played its odds are appended at least this often (match minutes), besides every goal and red card. */
export const LIVE_EVERY_MINUTES = 5;

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

const RED_CARDS: ReadonlySet<string> = new Set<KeyEventType>(['red_card', 'second_yellow']);
const isGoal = (type: string) => SCORING_EVENT_TYPES.has(type as KeyEventType);

/** A goal or red card as the model reads it, with its row's `seq`, the clock's minute (45 for 45+2) and the graph's label. */
type KeyEvent = MatchEventForOdds & { seq: number; clockMinute: number; label: string };

/** A match at a moment: as it stands, or as a change left it. */
interface Moment {
  status: MatchStatus;
  minute: number;
  home: number | null;
  away: number | null;
}

const isOverStatus = (status: MatchStatus) => status === 'finished' || status === 'awarded';

/** Stoppage time read from a clock is not believed past this many minutes (a clock left running). */
const MAX_STOPPAGE = 15;

interface CompetitionResults {
  kind: 'league' | 'cup';
  results: CompetitionResult[];
  /** Every season's fixtures, played or not (who is new to a season, where a match is played). */
  fixtures: CompetitionFixture[];
  /** The fixtures by match id. */
  fixtureById: Map<number, CompetitionFixture>;
  /** Each result's content by id, to find what changed when read again. */
  signatures: Map<number, string>;
  readAt: number;
}

interface Fit {
  model: FittedModel;
  code: string;
  kind: 'league' | 'cup';
  /** Results before this day were used. */
  basisDay: string;
  /** Results of each team (by id) in the window. */
  teamResults: Map<number, number>;
  resultCount: number;
}

/** A match with the pre-match rates the model gives it, and what the API says about the model. */
interface Priced {
  match: MatchSummary;
  fit: Fit;
  rates: PreMatchRates;
}

export interface OddsService {
  /** False when staff switched betting content off (loaders show nothing then). */
  enabled(): Promise<boolean>;
  settings: OddsSettings;
  /**
   * The match's odds: pre-match (walk-forward), and in play while it is played or settled once it is over.
   * Throws the football service's NotFoundError, OddsDisabledError or OddsUnavailableError.
   */
  forMatch(id: number): Promise<MatchOdds>;
  /** The home/draw/away probabilities over the match so far (or the whole match), goals and red cards marked. */
  winProbability(id: number): Promise<{ matchId: number; points: WinProbabilityPoint[]; extraTime?: boolean }>;
  /** Ingest's match-change listener (wired in server/services.ts): refits on results, appends live odds. */
  onMatchChanged(change: MatchChanged): void;
  /** Fits the current model of every competition that has results (at start, in the background). */
  warmUp(): Promise<{ competitions: number; fitted: number; ms: number }>;
  /** Resolves when the live odds of every change heard so far are appended (tests, shutdown). */
  settle(): Promise<void>;
  /** The last live updates' timings (ms): the model's part, and the whole update (reads, model, append). */
  liveTimings(): Array<{ matchId: number; computeMs: number; totalMs: number }>;
}

/** Live update timings kept for liveTimings(). */
const TIMINGS_KEPT = 1000;

export function createOddsService(deps: {
  db: Kysely<Database>;
  football: FootballService;
  live: LiveWriter;
  settings: OddsSettings;
  clock: Clock;
  logger: Logger;
}): OddsService {
  const { db, football, live, settings, clock, logger } = deps;
  const competitions = new Map<string, Promise<CompetitionResults>>();
  const fits = new Map<string, Promise<Fit>>();
  /** Per match, the chain of its live-odds work (one at a time, in the order ingest told). */
  const chains = new Map<number, Promise<void>>();
  /** Per match, the minute of its last appended odds. */
  const lastMinute = new Map<number, number>();

  const today = () => clock.now().toISOString().slice(0, 10);

  function signature(result: CompetitionResult): string {
    const regular = result.regularTime ? `${result.regularTime.home}-${result.regularTime.away}` : '';
    return `${result.kickoffAt}|${result.homeTeamId}|${result.awayTeamId}|${result.homeScore}|${result.awayScore}|${result.extraTime}|${regular}|${result.venueCountry ?? ''}`;
  }

  /** Drops the fits of `code` that a result on `day` (or later) could change: those of later days. */
  function dropFits(code: string, day: string): void {
    for (const key of [...fits.keys()]) {
      const [fitCode, basisDay = ''] = key.split('|');
      if (fitCode === code && basisDay > day) fits.delete(key);
    }
  }

  async function readResults(code: string, previous: CompetitionResults | null): Promise<CompetitionResults> {
    const { kind, results, fixtures } = await football.listCompetitionResults(code);
    const signatures = new Map(results.map((result) => [result.id, signature(result)]));
    if (previous) {
      // The earliest day whose results differ: fits of later days read it.
      let earliest: string | null = null;
      const consider = (iso: string) => {
        const day = dayOf(iso);
        if (earliest === null || day < earliest) earliest = day;
      };
      for (const result of results)
        if (previous.signatures.get(result.id) !== signatures.get(result.id)) consider(result.kickoffAt);
      for (const result of previous.results) if (!signatures.has(result.id)) consider(result.kickoffAt);
      if (earliest !== null) dropFits(code, earliest);
    }
    const fixtureById = new Map(fixtures.map((fixture) => [fixture.id, fixture]));
    return { kind, results, fixtures, fixtureById, signatures, readAt: clock.now().getTime() };
  }

  async function resultsOf(code: string): Promise<CompetitionResults> {
    const cached = competitions.get(code);
    if (cached) {
      const current = await cached.catch(() => null);
      if (current && clock.now().getTime() - current.readAt <= RESULTS_MAX_AGE_MS) return current;
      if (competitions.get(code) !== cached) return resultsOf(code);
      const reading = readResults(code, current);
      competitions.set(code, reading);
      reading.catch(() => competitions.delete(code));
      return reading;
    }
    const reading = readResults(code, null);
    competitions.set(code, reading);
    reading.catch(() => competitions.delete(code));
    return reading;
  }

  /** The fit of `code` on the results before `basisDay`; the results are read again first when they are old. */
  async function fitFor(code: string, basisDay: string): Promise<Fit> {
    await resultsOf(code);
    const key = `${code}|${basisDay}`;
    const cached = fits.get(key);
    if (cached) {
      // Least recently used goes first: a hit moves to the end.
      fits.delete(key);
      fits.set(key, cached);
      return cached;
    }
    const fitting = (async (): Promise<Fit> => {
      const { kind, results, fixtures } = await resultsOf(code);
      const from = daysBefore(basisDay, WINDOW_DAYS[kind]);
      const window = results.filter((result) => {
        const day = dayOf(result.kickoffAt);
        // The model's goals are those of the 90 minutes: a match that went to extra time counts with its
        // score after 90 minutes when its goals tell it (regularTime), and is left out when they do not.
        return day < basisDay && day >= from && (!result.extraTime || result.regularTime !== null);
      });
      const teamResults = new Map<number, number>();
      for (const result of window) {
        teamResults.set(result.homeTeamId, (teamResults.get(result.homeTeamId) ?? 0) + 1);
        teamResults.set(result.awayTeamId, (teamResults.get(result.awayTeamId) ?? 0) + 1);
      }
      const input: MatchResult[] = window.map((result) => ({
        date: dayOf(result.kickoffAt),
        home: String(result.homeTeamId),
        away: String(result.awayTeamId),
        homeGoals: result.regularTime?.home ?? result.homeScore,
        awayGoals: result.regularTime?.away ?? result.awayScore,
        advantage: venueAdvantage({ code, kind }, result),
      }));
      const model = fitModel(input, {
        ...leagueSettings(code),
        asOf: basisDay,
        fittedAt: clock.now().toISOString(),
        maxAgeDays: WINDOW_DAYS[kind],
        // A league's promoted sides start from the model's promoted-team prior (a cup's newcomers are not weaker).
        ...(kind === 'league' ? { newTeams: newTeamsOn(fixtures, basisDay) } : {}),
      });
      return { model, code, kind, basisDay, teamResults, resultCount: window.length };
    })();
    fits.set(key, fitting);
    fitting.catch(() => {
      if (fits.get(key) === fitting) fits.delete(key);
    });
    while (fits.size > FIT_CACHE_SIZE) {
      const oldest = fits.keys().next().value;
      if (oldest === undefined) break;
      fits.delete(oldest);
    }
    return fitting;
  }

  /**
   * The teams new to the season under way on `day` (the latest to have begun by then): those of its fixtures
   * that did not play the season before. Fixtures are known before a ball is kicked: no peeking.
   */
  function newTeamsOn(fixtures: readonly CompetitionFixture[], day: string): Set<string> {
    const starts = new Map<string, string>();
    for (const fixture of fixtures) {
      const first = starts.get(fixture.season);
      if (first === undefined || fixture.kickoffAt < first) starts.set(fixture.season, fixture.kickoffAt);
    }
    const season = [...starts]
      .filter(([, first]) => dayOf(first) <= day)
      .sort((a, b) => a[1].localeCompare(b[1]))
      .at(-1)?.[0];
    if (season === undefined) return new Set();
    return newTeamsOf(
      fixtures.map((fixture) => ({
        season: fixture.season,
        home: String(fixture.homeTeamId),
        away: String(fixture.awayTeamId),
      })),
      season,
    );
  }

  /** The day whose earlier results the match's pre-match odds may use (no peeking). */
  function basisDayOf(match: MatchSummary): string {
    const kickoff = dayOf(match.replayOf?.kickoffAt ?? match.kickoffAt);
    const now = today();
    return kickoff < now ? kickoff : now;
  }

  async function priced(match: MatchSummary): Promise<Priced> {
    const basisDay = basisDayOf(match);
    const fit = await fitFor(match.competition.code, basisDay);
    const name = match.competition.name;
    if (fit.resultCount < MIN_RESULTS) {
      throw new OddsUnavailableError(
        `The model has too few ${name} results before ${basisDay} to price this match (${fit.resultCount}; it needs ${MIN_RESULTS})`,
      );
    }
    const homeResults = fit.teamResults.get(match.home.id) ?? 0;
    const awayResults = fit.teamResults.get(match.away.id) ?? 0;
    if (fit.kind === 'cup' && (homeResults < MIN_CUP_TEAM_RESULTS || awayResults < MIN_CUP_TEAM_RESULTS)) {
      throw new OddsUnavailableError(
        `The model knows too little of ${homeResults < MIN_CUP_TEAM_RESULTS ? match.home.name : match.away.name} in ${name} before ${basisDay} to price this match`,
      );
    }
    const rates = preMatchRates(fit.model, String(match.home.id), String(match.away.id), {
      advantage: await advantageOf(match, fit),
    });
    return { match, fit, rates };
  }

  /** Who has the home advantage in `match` (domain/odds/venue.ts), from its fixture's venue and teams. */
  async function advantageOf(match: MatchSummary, fit: Fit) {
    const id = match.replayOf?.matchId ?? match.id;
    const current = await resultsOf(fit.code);
    let fixture = current.fixtureById.get(id);
    if (!fixture) {
      // A fixture added since the competition was read: read it again (its results too, as a minute would).
      const reading = readResults(fit.code, current);
      competitions.set(fit.code, reading);
      reading.catch(() => competitions.delete(fit.code));
      fixture = (await reading).fixtureById.get(id);
    }
    return venueAdvantage(
      { code: fit.code, kind: fit.kind },
      fixture ?? {
        venueCountry: null,
        homeName: match.home.name,
        awayName: match.away.name,
        national: false,
        stage: match.stage,
        round: match.round,
      },
    );
  }

  const sideOf = (match: MatchSummary, teamId: number | null) =>
    teamId === match.home.id ? 'home' : teamId === match.away.id ? 'away' : null;

  /** Phases of the clock from the break before extra time on: the match is going to (or went to) extra time. */
  const EXTRA_TIME_PHASES: ReadonlySet<string> = new Set(['BET', 'E1', 'EHT', 'E2', 'BP', 'P']);

  /**
   * True when the match went (or is going) to extra time: its stored extra-time score (set once extra time
   * begins), its clock's phase, or an event of extra time's periods.
   */
  function wentToExtraTime(match: MatchSummary, events: readonly MatchEvent[]): boolean {
    return (
      match.score.extraTime !== null ||
      (match.clock !== null && EXTRA_TIME_PHASES.has(match.clock.phase)) ||
      events.some((event) => event.period === 'E1' || event.period === 'E2')
    );
  }

  /**
   * The minute the model counts an event at: the shown minute with its stoppage (45+2 → 47). In a match that
   * went to extra time, the 90 minutes' stoppage counts at 90 and extra time's first half's at 105, so that
   * extra time's minutes (91–120) are its own.
   */
  function modelMinute(event: MatchEvent, extraTime: boolean): number {
    const minute = event.minute + (event.addedMinute ?? 0);
    if (!extraTime) return minute;
    if (event.period === '2H') return Math.min(minute, 90);
    if (event.period === 'E1') return Math.min(Math.max(minute, 91), 105);
    if (event.period === 'E2') return Math.max(minute, 106);
    return minute;
  }

  /** Goals and red cards in the order they happened, at the minute the model counts (45+2 → 47). */
  function keyEvents(match: MatchSummary, events: readonly MatchEvent[], extraTime = false): KeyEvent[] {
    const out: KeyEvent[] = [];
    const score = { home: 0, away: 0 };
    const ordered = [...events].sort((a, b) => modelMinute(a, extraTime) - modelMinute(b, extraTime) || a.seq - b.seq);
    for (const event of ordered) {
      const goal = isGoal(event.type);
      if (!goal && !RED_CARDS.has(event.type)) continue;
      const side = sideOf(match, event.teamId);
      if (side === null) continue;
      const minute = modelMinute(event, extraTime);
      const clock = event.addedMinute ? `${event.minute}+${event.addedMinute}'` : `${event.minute}'`;
      const who = event.player?.shortName ?? event.player?.name;
      const team = side === 'home' ? match.home.shortName : match.away.shortName;
      if (goal) {
        score[side] += 1;
        const own = event.type === 'own_goal' ? ' (own goal)' : event.type === 'penalty_goal' ? ' (pen.)' : '';
        out.push({
          seq: event.seq,
          clockMinute: event.minute,
          minute,
          kind: 'goal',
          side,
          label: `${clock} Goal ${team}${who ? `, ${who}` : ''}${own}: ${score.home}–${score.away}`,
        });
      } else {
        out.push({
          seq: event.seq,
          clockMinute: event.minute,
          minute,
          kind: 'red_card',
          side,
          label: `${clock} Red card ${team}${who ? `, ${who}` : ''}`,
        });
      }
    }
    return out;
  }

  /** The minute the model reads now: stoppage counted, half-time at 45. */
  function minuteNow(match: MatchSummary): number {
    if (match.clock) {
      const reading = readClock(match.clock, clock.now());
      if (reading) return reading.minute + Math.min(reading.added ?? 0, MAX_STOPPAGE);
      if (match.clock.phase === 'HT') return 45;
    }
    return Math.max(0, match.minute ?? 0);
  }

  const isOver = (match: MatchSummary) => isOverStatus(match.status);

  /** The state of a played (or finished) match as the in-play model reads it. */
  /**
   * The state of a played (or finished) match as the in-play model reads it, at `moment`: the match as it
   * stands, or as a change left it (a listener runs after later snapshots may have been written).
   */
  function stateOf(moment: Moment, events: readonly KeyEvent[], extraTime = false): InPlayState {
    const score = { home: moment.home ?? 0, away: moment.away ?? 0 };
    const redCards = { home: 0, away: 0 };
    for (const event of events) if (event.kind === 'red_card') redCards[event.side] += 1;
    const goals = events.filter((event) => event.kind === 'goal');
    let lastScorer = goals.at(-1)?.side ?? null;
    // Without events the last scorer is known only when one side scored.
    if (goals.length === 0 && score.home + score.away > 0)
      lastScorer = score.away === 0 ? 'home' : score.home === 0 ? 'away' : null;
    const finished = isOverStatus(moment.status);
    const last = events.at(-1)?.minute ?? 0;
    const end = extraTime ? 120 : 90;
    const minute = finished ? Math.max(end, last, moment.minute) : Math.max(moment.minute, last);
    return { minute, score, redCards, lastScorer, finished, extraTime };
  }

  /** The match as it stands now. */
  const momentOf = (match: MatchSummary): Moment => ({
    status: match.status,
    minute: isOver(match) ? (match.minute ?? 90) : minuteNow(match),
    home: match.score.home,
    away: match.score.away,
  });

  function liveOdds(state: InPlayState, rates: PreMatchRates, margin: number) {
    const odds = inPlay(rates, state);
    let { markets } = odds;
    if (state.finished && state.lastScorer === null && state.score.home > 0 && state.score.away > 0) {
      // Finished, both sides scored, and no events to tell who scored last: the model's best estimate (the
      // goals in a random order) rather than a settlement it cannot know.
      const total = state.score.home + state.score.away;
      markets = {
        ...markets,
        last_team_to_score: { home: state.score.home / total, away: state.score.away / total, none: 0 },
      };
    }
    return {
      minute: Math.floor(state.minute),
      markets: priceMarkets(markets, margin),
      settled: odds.settled,
      ...(state.extraTime ? { extraTime: true } : {}),
    };
  }

  async function requireEnabled(): Promise<void> {
    if (!(await settings.enabled())) throw new OddsDisabledError();
  }

  async function forMatch(id: number): Promise<MatchOdds> {
    await requireEnabled();
    const match = await football.getMatch(id);
    const { fit, rates } = await priced(match);
    const margin = await settings.margin();
    const preMatch = priceMarkets(marketsFromMatrix(scorelineMatrix(rates.home, rates.away, rates.rho)), margin);
    let liveOddsNow: MatchOdds['live'] = null;
    if (isLive(match.status) || isOver(match)) {
      const stored = match.hasEvents || isLive(match.status) ? await football.listMatchEvents(id) : [];
      const extraTime = wentToExtraTime(match, stored);
      const events = keyEvents(match, stored, extraTime);
      liveOddsNow = liveOdds(stateOf(momentOf(match), events, extraTime), rates, margin);
    }
    return {
      matchId: match.id,
      model: { name: fit.model.name, fittedAt: fit.model.fittedAt, trainedUntil: dayBefore(fit.basisDay) },
      preMatch: { markets: preMatch },
      live: liveOddsNow,
    };
  }

  async function winProbability(id: number) {
    await requireEnabled();
    const match = await football.getMatch(id);
    const { rates } = await priced(match);
    if (!isLive(match.status) && !isOver(match)) {
      return { matchId: id, points: winProbabilitySeries(rates, [], 0) };
    }
    // A finished match without its events has no course to draw: the graph is left out.
    if (isOver(match) && !match.hasEvents) return { matchId: id, points: [] };
    const stored = await football.listMatchEvents(id);
    const extraTime = wentToExtraTime(match, stored);
    const events = keyEvents(match, stored, extraTime);
    const state = stateOf(momentOf(match), events, extraTime);
    return {
      matchId: id,
      points: winProbabilitySeries(rates, events, state.minute, { finished: state.finished, extraTime }),
      ...(extraTime ? { extraTime: true } : {}),
    };
  }

  /** What a change means for the odds: a result to refit on, and whether to append live odds. */
  const timings: Array<{ matchId: number; computeMs: number; totalMs: number }> = [];

  /**
   * Matches being played, as read at their first change: who plays whom, where and when never change while a
   * match is played, so each later update reads only its events. Dropped at full time.
   */
  const playing = new Map<number, MatchSummary>();

  async function react(change: MatchChanged): Promise<void> {
    const reacting = performance.now();
    const { before, after } = change;
    const known = isLive(after.status) ? playing.get(change.matchId) : undefined;
    const match = known ?? (await football.getMatch(change.matchId));
    if (isLive(after.status)) playing.set(match.id, match);
    else playing.delete(match.id);
    if (!match.replayOf && (isOverStatus(after.status) || (before !== null && isOverStatus(before.status)))) {
      // A result came in or was corrected: read the competition's results again (and drop the fits it changes).
      const code = match.competition.code;
      const cached = competitions.get(code);
      if (cached) {
        const reading = readResults(code, await cached.catch(() => null));
        competitions.set(code, reading);
        await reading.catch(() => competitions.delete(code));
      }
    }
    const endedNow = isOverStatus(after.status) && before !== null && isLive(before.status);
    if (!isLive(after.status) && !endedNow) return;
    if (!(await settings.enabled())) return;
    const keyEvent = change.events.some(
      (event) =>
        (event.type === 'match-event' && (isGoal(event.data.event.type) || RED_CARDS.has(event.data.event.type))) ||
        event.type === 'correction',
    );
    const statusChanged = before === null || before.status !== after.status;
    const minute = after.minute ?? 0;
    const previous = lastMinute.get(match.id);
    const due = previous === undefined || minute - previous >= LIVE_EVERY_MINUTES;
    if (!keyEvent && !statusChanged && !due) return;
    let prepared: Priced;
    try {
      prepared = await priced(match);
    } catch (error) {
      if (error instanceof OddsUnavailableError) return;
      throw error;
    }
    // As the change left the match: its score, status and minute (what the page's clock showed), and the
    // events up to that minute (later snapshots may already be stored).
    const [stored, margin] = await Promise.all([football.listMatchEvents(match.id), settings.margin()]);
    // From the 90th minute on, whether extra time has begun is read afresh (the match read at its first
    // change cannot tell).
    const extraTime =
      wentToExtraTime(match, stored) ||
      ((minute >= 90 || isOverStatus(after.status)) && wentToExtraTime(await football.getMatch(match.id), stored));
    const started = performance.now();
    const all = keyEvents(match, stored, extraTime);
    const events = isOverStatus(after.status)
      ? all
      : all.filter((event) => (extraTime ? event.minute : event.clockMinute) <= minute);
    const state = stateOf({ status: after.status, minute, home: after.home, away: after.away }, events, extraTime);
    const odds = liveOdds(state, prepared.rates, margin);
    // The graph's mark: the newest goal or red card this change brought (a correction marks nothing).
    const brought = new Set(
      change.events.flatMap((event) => (event.type === 'match-event' ? [event.data.event.seq] : [])),
    );
    const newest = events.filter((event) => brought.has(event.seq)).at(-1);
    const { home, draw, away } = odds.markets['1x2'];
    const point: WinProbabilityPoint = {
      minute: odds.minute,
      home: home.p,
      draw: draw.p,
      away: away.p,
      mark: newest ? { kind: newest.kind, side: newest.side, label: newest.label } : null,
    };
    const computeMs = performance.now() - started;
    await inTransaction(db, (trx) =>
      live.append(trx, [
        {
          topic: matchTopic(match.id),
          type: 'odds',
          matchId: match.id,
          data: { matchId: match.id, live: odds, point },
        },
      ]),
    );
    timings.push({ matchId: match.id, computeMs, totalMs: performance.now() - reacting });
    if (timings.length > TIMINGS_KEPT) timings.shift();
    lastMinute.set(match.id, odds.minute);
    if (odds.settled) lastMinute.delete(match.id);
    logger.debug({ matchId: match.id, minute: odds.minute, computeMs }, 'odds: live update appended');
  }

  return {
    enabled: () => settings.enabled(),
    settings,
    forMatch,
    winProbability,

    onMatchChanged(change) {
      const previous = chains.get(change.matchId) ?? Promise.resolve();
      const next = previous
        .then(() => react(change))
        .catch((error: unknown) =>
          logger.error({ err: error, matchId: change.matchId }, 'odds: reacting to a match change failed'),
        );
      chains.set(change.matchId, next);
      void next.then(() => {
        if (chains.get(change.matchId) === next) chains.delete(change.matchId);
      });
    },

    async warmUp() {
      const started = performance.now();
      const list = await football.listCompetitions();
      const basisDay = today();
      let fitted = 0;
      for (const competition of list) {
        try {
          const fit = await fitFor(competition.code, basisDay);
          if (fit.resultCount >= MIN_RESULTS) fitted += 1;
        } catch (error) {
          logger.warn({ err: error, competition: competition.code }, 'odds: fitting failed');
        }
        // One competition at a time, letting requests in between.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { competitions: list.length, fitted, ms: Math.round(performance.now() - started) };
    },

    liveTimings: () => [...timings],

    async settle() {
      while (chains.size > 0) await Promise.all([...chains.values()]);
    },
  };
}
