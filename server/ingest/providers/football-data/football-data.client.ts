// The football-data.org v4 provider (issue #4, DESIGN.md §4): fetches over HTTP,
// validates with the zod schemas, normalises to snapshots. It keeps to the
// plan's rate limit (10 requests a minute on the free plan,
// https://docs.football-data.org/general/v4/policies.html), backs off on 429
// and 5xx, and hands longer waits to the scheduler as ProviderUnavailableError.
// The token goes in the X-Auth-Token header only and is scrubbed from every
// message this file produces.
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ProviderMatchSnapshot } from '../../../../domain/live-contracts.ts';
import { isLive } from '../../../../domain/match-status.ts';
import { systemClock, type Clock } from '../../../platform/clock.ts';
import type { Config } from '../../../platform/config.ts';
import { ProviderPayloadError, ProviderUnavailableError, type LiveProvider } from '../../provider.ts';
import { FOOTBALL_DATA_PROVIDER, normaliseMatch, normaliseMatchList } from './football-data.normalise.ts';
import {
  footballDataErrorSchema,
  footballDataMatchListSchema,
  footballDataMatchSchema,
  type FootballDataMatch,
} from './football-data.schemas.ts';

export type ProviderLogger = Pick<Logger, 'warn' | 'debug'>;

export interface FootballDataOptions {
  token: string;
  /** Default https://api.football-data.org/v4; tests point it at a local server. */
  baseUrl?: string;
  /** The plan's limit: 10 (free), 30 (standard), 60 (above). */
  requestsPerMinute?: number;
  /** Per request, in milliseconds (default 10 s). */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx, a timeout or a network failure (default 3). */
  maxRetries?: number;
  /** A wait longer than this (e.g. a long Retry-After) is not slept through: the scheduler gets it (default 65 s). */
  maxRetryWaitMs?: number;
  /** First backoff step (default 1 s), doubled per attempt up to `maxBackoffMs` (default 30 s). */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  clock?: Clock;
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). */
  random?: () => number;
  logger?: ProviderLogger;
}

const WINDOW_MS = 60_000;
/** After a 4xx other than 429 (bad token, competition outside the plan, unknown match) asking again soon will not help. */
const CLIENT_ERROR_WAIT_MS = 10 * 60_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Requests per rolling minute, counted here and trusted from the API's headers
 * when they say less is left (another process may share the token):
 * `X-Requests-Available-Minute: 0` blocks until `X-RequestCounter-Reset` seconds
 * have passed. A 429 or a backoff blocks the same way, so queued requests wait too.
 */
export class RequestBudget {
  private readonly sent: number[] = [];
  private blockedUntil = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {
    if (!Number.isInteger(perMinute) || perMinute < 1)
      throw new RangeError('requestsPerMinute must be a positive integer');
  }

  /** Milliseconds until the next request may go (0: now). */
  delay(): number {
    const now = this.now();
    while (this.sent.length > 0 && (this.sent[0] as number) <= now - WINDOW_MS) this.sent.shift();
    const windowWait = this.sent.length >= this.perMinute ? (this.sent[0] as number) + WINDOW_MS - now : 0;
    return Math.max(windowWait, this.blockedUntil - now, 0);
  }

  record(): void {
    this.sent.push(this.now());
  }

  blockFor(ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.now() + ms);
  }

  observe(available: number | null, resetSeconds: number | null): void {
    if (available !== null && available <= 0) this.blockFor((resetSeconds ?? WINDOW_MS / 1000) * 1000);
  }
}

interface FetchedJson {
  body: unknown;
  fetchedAt: Date;
}

export class FootballDataProvider implements LiveProvider {
  readonly name = FOOTBALL_DATA_PROVIDER;
  private readonly token: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly maxRetryWaitMs: number;
  private readonly baseBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly clock: Clock;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly logger: ProviderLogger | undefined;
  private readonly budget: RequestBudget;
  /** One request at a time: the budget and the API's counters stay in step. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: FootballDataOptions) {
    if (options.token.trim() === '') throw new RangeError('football-data needs a token');
    this.token = options.token;
    this.baseUrl = (options.baseUrl ?? 'https://api.football-data.org/v4').replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxRetries = options.maxRetries ?? 3;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 65_000;
    this.baseBackoffMs = options.baseBackoffMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.clock = options.clock ?? systemClock;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.logger = options.logger;
    this.budget = new RequestBudget(options.requestsPerMinute ?? 10, () => this.clock.now().getTime());
  }

  /** Every match kicking off on the UTC day `date` (YYYY-MM-DD). */
  async fixtures(date: string): Promise<ProviderMatchSnapshot[]> {
    const day = parseDay(date);
    // dateTo is asked one day later and the answer cut to the day, whichever way the API reads dateTo.
    const { body, fetchedAt } = await this.getJson('/matches', { dateFrom: date, dateTo: addDays(day, 1) });
    const list = this.parse(footballDataMatchListSchema, body, `matches of ${date}`);
    const onDay = list.matches.filter((match) => new Date(match.utcDate).toISOString().slice(0, 10) === date);
    return this.normaliseList(onDay, fetchedAt);
  }

  /** The matches in play now, including ones that kicked off before midnight UTC. */
  async liveSnapshot(): Promise<ProviderMatchSnapshot[]> {
    const today = parseDay(this.clock.now().toISOString().slice(0, 10));
    const { body, fetchedAt } = await this.getJson('/matches', {
      status: 'LIVE',
      dateFrom: addDays(today, -1),
      dateTo: addDays(today, 1),
    });
    const list = this.parse(footballDataMatchListSchema, body, 'live matches');
    return this.normaliseList(list.matches, fetchedAt).filter((snapshot) => isLive(snapshot.status));
  }

  /** One match with its goals, bookings and substitutions where the plan includes them. */
  async matchDetail(externalId: string): Promise<ProviderMatchSnapshot> {
    if (!/^[1-9][0-9]{0,11}$/.test(externalId))
      throw new RangeError(`not a football-data match id: '${externalId.slice(0, 20)}'`);
    const { body, fetchedAt } = await this.getJson(`/matches/${externalId}`, {});
    const match = this.parse(footballDataMatchSchema, body, `match ${externalId}`);
    const snapshot = normaliseMatch(match, { fetchedAt });
    if (!snapshot) {
      throw new ProviderPayloadError(`football-data match ${externalId} has no teams yet`, [
        'homeTeam.name: null',
        'awayTeam.name: null',
      ]);
    }
    return snapshot;
  }

  private normaliseList(matches: readonly FootballDataMatch[], fetchedAt: Date): ProviderMatchSnapshot[] {
    const { snapshots, skipped } = normaliseMatchList(matches, { fetchedAt });
    if (skipped.length > 0)
      this.logger?.debug({ provider: this.name, skipped }, 'football-data matches without teams yet were skipped');
    return snapshots;
  }

  private parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) =>
      this.redact(`${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
    throw new ProviderPayloadError(this.redact(`football-data ${what} does not match the documented v4 shape`), issues);
  }

  private getJson(path: string, query: Record<string, string>): Promise<FetchedJson> {
    const run = this.queue.then(
      () => this.send(path, query),
      () => this.send(path, query),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async send(path: string, query: Record<string, string>): Promise<FetchedJson> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const label = `GET ${path}${url.search}`;
    for (let attempt = 0; ; attempt += 1) {
      for (let wait = this.budget.delay(); wait > 0; wait = this.budget.delay()) await this.sleep(wait);
      this.budget.record();
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { 'X-Auth-Token': this.token, Accept: 'application/json' },
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        this.retryOrGiveUp(
          attempt,
          null,
          `${label} ${timedOut ? `timed out after ${this.timeoutMs} ms` : 'could not be reached'}`,
        );
        continue;
      }
      this.budget.observe(
        integerHeader(response.headers, 'X-Requests-Available-Minute'),
        integerHeader(response.headers, 'X-RequestCounter-Reset'),
      );
      if (response.ok) {
        const fetchedAt = this.clock.now();
        const text = await response.text();
        try {
          return { body: JSON.parse(text) as unknown, fetchedAt };
        } catch {
          throw new ProviderPayloadError(
            this.redact(`football-data ${label} answered with something other than JSON`),
            [`(root): not JSON (${text.length} bytes)`],
          );
        }
      }
      const text = await response.text().catch(() => '');
      if (response.status === 429 || response.status >= 500) {
        this.retryOrGiveUp(attempt, this.hintedWait(response), `${label} answered ${response.status}`);
        continue;
      }
      throw new ProviderUnavailableError(
        this.redact(`football-data ${label} answered ${response.status}${apiMessage(text)}`),
        CLIENT_ERROR_WAIT_MS,
      );
    }
  }

  /**
   * Blocks the budget for the wait (so the loop sleeps it out before asking again),
   * or throws ProviderUnavailableError when the retries are spent or the wait is
   * longer than worth holding the caller for.
   */
  private retryOrGiveUp(attempt: number, hintedMs: number | null, what: string): void {
    const wait = Math.max(hintedMs ?? this.backoff(attempt), 0);
    if (attempt >= this.maxRetries || wait > this.maxRetryWaitMs) {
      const tries = attempt + 1;
      throw new ProviderUnavailableError(
        this.redact(`football-data ${what}; gave up after ${tries} ${tries === 1 ? 'try' : 'tries'}`),
        Math.max(wait, 1_000),
      );
    }
    this.logger?.warn(
      { provider: this.name, attempt: attempt + 1, waitMs: wait },
      this.redact(`football-data ${what}; retrying`),
    );
    this.budget.blockFor(wait);
  }

  /** Exponential backoff with jitter: half the step fixed, half random, so retries never bunch up at zero. */
  private backoff(attempt: number): number {
    const step = Math.min(this.maxBackoffMs, this.baseBackoffMs * 2 ** attempt);
    return Math.round(step / 2 + this.random() * (step / 2));
  }

  /** Retry-After (seconds or an HTTP date), else on a 429 the API's counter reset. */
  private hintedWait(response: Response): number | null {
    const retryAfter = response.headers.get('Retry-After')?.trim();
    if (retryAfter) {
      if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
      const at = Date.parse(retryAfter);
      if (!Number.isNaN(at)) return Math.max(at - this.clock.now().getTime(), 0);
    }
    if (response.status === 429) {
      const reset = integerHeader(response.headers, 'X-RequestCounter-Reset');
      if (reset !== null) return reset * 1000;
    }
    return null;
  }

  private redact(text: string): string {
    return text.split(this.token).join('[redacted]');
  }
}

function integerHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name)?.trim();
  return value && /^-?\d+$/.test(value) ? Number(value) : null;
}

/** The API's own explanation, shortened: `{"message": "...", "errorCode": 403}`. */
function apiMessage(text: string): string {
  try {
    const parsed = footballDataErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success && parsed.data.message) return `: ${parsed.data.message.slice(0, 200)}`;
  } catch {
    // Not JSON: the status says enough.
  }
  return '';
}

function parseDay(date: string): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : new Date(Number.NaN);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date)
    throw new RangeError(`not a date (YYYY-MM-DD): '${date.slice(0, 20)}'`);
  return day;
}

function addDays(day: Date, days: number): string {
  return new Date(day.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The provider when a token is configured, else null (the demo replay runs instead). */
export function createFootballDataProvider(
  config: Pick<Config, 'FOOTBALL_DATA_TOKEN' | 'FOOTBALL_DATA_URL' | 'FOOTBALL_DATA_REQUESTS_PER_MINUTE'>,
  logger?: ProviderLogger,
): FootballDataProvider | null {
  if (!config.FOOTBALL_DATA_TOKEN) return null;
  return new FootballDataProvider({
    token: config.FOOTBALL_DATA_TOKEN,
    baseUrl: config.FOOTBALL_DATA_URL,
    requestsPerMinute: config.FOOTBALL_DATA_REQUESTS_PER_MINUTE,
    ...(logger ? { logger } : {}),
  });
}
