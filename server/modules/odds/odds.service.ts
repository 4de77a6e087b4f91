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
  /** Every season's fixtures, played or not (who is new to a season). */
  fixtures: CompetitionFixture[];
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
  winProbability(id: number): Promise<{ matchId: number; points: WinProbabilityPoint[] }>;
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
    return `${result.kickoffAt}|${result.homeTeamId}|${result.awayTeamId}|${result.homeScore}|${result.awayScore}|${result.extraTime}`;
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
    return { kind, results, fixtures, signatures, readAt: clock.now().getTime() };
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
        // Extra-time scores are not 90-minute scores: the model's goals are those of regular time.
        return day < basisDay && day >= from && !result.extraTime;
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
        homeGoals: result.homeScore,
        awayGoals: result.awayScore,
        neutral: kind === 'cup',
      }));
      const model = fitModel(input, {
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
      neutral: fit.kind === 'cup',
    });
    return { match, fit, rates };
  }

  const sideOf = (match: MatchSummary, teamId: number | null) =>
    teamId === match.home.id ? 'home' : teamId === match.away.id ? 'away' : null;

  /** Goals and red cards in the order they happened, at the minute the model counts (45+2 → 47). */
  function keyEvents(match: MatchSummary, events: readonly MatchEvent[]): KeyEvent[] {
    const out: KeyEvent[] = [];
    const score = { home: 0, away: 0 };
    const ordered = [...events].sort(
      (a, b) => a.minute + (a.addedMinute ?? 0) - (b.minute + (b.addedMinute ?? 0)) || a.seq - b.seq,
    );
    for (const event of ordered) {
      const goal = isGoal(event.type);
      if (!goal && !RED_CARDS.has(event.type)) continue;
      const side = sideOf(match, event.teamId);
      if (side === null) continue;
      const minute = event.minute + (event.addedMinute ?? 0);
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
  function stateOf(moment: Moment, events: readonly KeyEvent[]): InPlayState {
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
    const minute = finished ? Math.max(90, last, moment.minute) : Math.max(moment.minute, last);
    return { minute, score, redCards, lastScorer, finished };
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
    return { minute: Math.floor(state.minute), markets: priceMarkets(markets, margin), settled: odds.settled };
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
      const events =
        match.hasEvents || isLive(match.status) ? keyEvents(match, await football.listMatchEvents(id)) : [];
      liveOddsNow = liveOdds(stateOf(momentOf(match), events), rates, margin);
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
    const events = keyEvents(match, await football.listMatchEvents(id));
    const state = stateOf(momentOf(match), events);
    return { matchId: id, points: winProbabilitySeries(rates, events, state.minute, { finished: state.finished }) };
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
    const started = performance.now();
    const all = keyEvents(match, stored);
    const events = isOverStatus(after.status) ? all : all.filter((event) => event.clockMinute <= minute);
    const state = stateOf({ status: after.status, minute, home: after.home, away: after.away }, events);
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
