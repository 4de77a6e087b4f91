// The football-data client against a real HTTP server on 127.0.0.1 (no internet in
// tests): the token header, the rate limit, backoff on 429 and 5xx, payload
// validation and the token kept out of every error and log line. Time is fake:
// the client's clock and sleep are injected, and the server stamps each request
// with that fake time, so a minute-long rate window takes milliseconds.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerMatchSnapshotSchema } from '../../../../domain/live-contracts.ts';
import { loadConfig } from '../../../platform/config.ts';
import { ProviderPayloadError, ProviderUnavailableError } from '../../provider.ts';
import { FootballDataProvider, createFootballDataProvider, type FootballDataOptions } from './football-data.client.ts';

const TOKEN = 'fd-test-token-5f0c2a9e71b3';

function fixtureText(name: string): string {
  return readFileSync(new URL(`../../../../tests/fixtures/football-data/${name}`, import.meta.url), 'utf8');
}

interface Recorded {
  path: string;
  query: URLSearchParams;
  token: string | undefined;
  at: number;
}

type Handler = (request: IncomingMessage, response: ServerResponse, index: number) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let requests: Recorded[];
/** Fake time in ms, advanced only by the client's sleeps. */
let now: number;
let sleeps: number[];
let logLines: string[];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({
      path: url.pathname,
      query: url.searchParams,
      token: request.headers['x-auth-token'] as string | undefined,
      at: now,
    });
    handler(request, response, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v4`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
  now = Date.parse('2026-05-17T15:12:00Z');
  sleeps = [];
  logLines = [];
  handler = (_request, response) => json(response, 200, fixtureText('match-live.json'));
});

function json(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(body);
}

function provider(options: Partial<FootballDataOptions> = {}): FootballDataProvider {
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
  return new FootballDataProvider({
    token: TOKEN,
    baseUrl,
    clock: { now: () => new Date(now) },
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    random: () => 0.5,
    logger,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error('rejected with a non-error', { cause: error });
  }
  throw new Error('expected a rejection');
}

/** Nothing the client produced mentions the token. */
function expectNoToken(error: Error) {
  expect(error.message).not.toContain(TOKEN);
  expect(JSON.stringify(error)).not.toContain(TOKEN);
  if (error instanceof ProviderPayloadError) expect(error.issues.join('\n')).not.toContain(TOKEN);
  expect(logLines.join('\n')).not.toContain(TOKEN);
}

describe('requests', () => {
  it('sends the token in X-Auth-Token and asks for one UTC day of fixtures', async () => {
    handler = (_request, response) => json(response, 200, fixtureText('matches-list.json'));
    const snapshots = await provider().fixtures('2026-05-17');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ path: '/v4/matches', token: TOKEN });
    expect(Object.fromEntries(requests[0]!.query)).toEqual({ dateFrom: '2026-05-17', dateTo: '2026-05-18' });
    // 12 listed: the next day's match is cut, the final without teams skipped.
    expect(snapshots.map((snapshot) => snapshot.externalId)).toEqual([
      '537001',
      '537002',
      '537003',
      '537004',
      '537005',
      '537006',
      '537007',
      '537008',
      '537010',
      '537011',
    ]);
    for (const snapshot of snapshots) expect(providerMatchSnapshotSchema.safeParse(snapshot).success).toBe(true);
    expect(logLines.join('\n')).toContain('537009');
  });

  it('asks for live matches around today and keeps only those in play', async () => {
    handler = (_request, response) => json(response, 200, fixtureText('matches-list.json'));
    const snapshots = await provider().liveSnapshot();
    expect(Object.fromEntries(requests[0]!.query)).toEqual({
      status: 'LIVE',
      dateFrom: '2026-05-16',
      dateTo: '2026-05-18',
    });
    expect(snapshots.map((snapshot) => [snapshot.externalId, snapshot.status])).toEqual([
      ['537002', 'live'],
      ['537003', 'half-time'],
    ]);
  });

  it('fetches one match in full, anchoring the clock on the time of the answer', async () => {
    const snapshot = await provider().matchDetail('537002');
    expect(requests[0]?.path).toBe('/v4/matches/537002');
    expect(snapshot.events).toHaveLength(10);
    expect(snapshot.clock).toEqual({ phase: '2H', phaseStartedAt: '2026-05-17T14:50:30.000Z', rate: 1 });
  });

  it('refuses a bad date or match id without asking the API', async () => {
    await expect(provider().fixtures('2026-02-30')).rejects.toThrow(RangeError);
    await expect(provider().matchDetail('12;drop')).rejects.toThrow(RangeError);
    expect(requests).toHaveLength(0);
  });
});

describe('the rate limit', () => {
  it('never sends more than the plan allows in any minute, even when asked all at once', async () => {
    const client = provider({ requestsPerMinute: 3 });
    const ids = ['1', '2', '3', '4', '5', '6', '7', '8'];
    handler = (_request, response) => json(response, 200, fixtureText('match-live.json'));
    await Promise.all(ids.map((id) => client.matchDetail(id)));
    expect(requests).toHaveLength(8);
    for (const request of requests) {
      const inWindow = requests.filter((other) => other.at >= request.at && other.at < request.at + 60_000);
      expect(inWindow.length).toBeLessThanOrEqual(3);
    }
    // 3 at once, 3 a minute later, 2 a minute after that.
    expect(requests.map((request) => request.at - requests[0]!.at)).toEqual([
      0, 0, 0, 60_000, 60_000, 60_000, 120_000, 120_000,
    ]);
  });

  it('waits for the counter reset when the API says no requests are left', async () => {
    handler = (_request, response, index) =>
      json(response, 200, fixtureText('match-live.json'), {
        'X-Requests-Available-Minute': index === 0 ? '0' : '9',
        'X-RequestCounter-Reset': '42',
      });
    const client = provider();
    await client.matchDetail('537002');
    await client.matchDetail('537002');
    expect(requests[1]!.at - requests[0]!.at).toBe(42_000);
    expect(sleeps).toEqual([42_000]);
  });
});

describe('backoff', () => {
  it('honours Retry-After on a 429, then succeeds', async () => {
    handler = (_request, response, index) =>
      index === 0
        ? json(response, 429, '{"message":"You reached your request limit.","errorCode":429}', { 'Retry-After': '7' })
        : json(response, 200, fixtureText('match-live.json'));
    const snapshot = await provider().matchDetail('537002');
    expect(snapshot.externalId).toBe('537002');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.at - requests[0]!.at).toBe(7_000);
    expect(logLines.join('\n')).toContain('answered 429; retrying');
    expect(logLines.join('\n')).not.toContain(TOKEN);
  });

  it('waits for X-RequestCounter-Reset on a 429 without Retry-After', async () => {
    handler = (_request, response, index) =>
      index === 0
        ? json(response, 429, '{}', { 'X-RequestCounter-Reset': '13', 'X-Requests-Available-Minute': '0' })
        : json(response, 200, fixtureText('match-live.json'));
    await provider().matchDetail('537002');
    expect(requests[1]!.at - requests[0]!.at).toBe(13_000);
  });

  it('hands a long Retry-After to the scheduler instead of sleeping through it', async () => {
    handler = (_request, response) => json(response, 429, '{}', { 'Retry-After': '3600' });
    const error = await failure(provider().matchDetail('537002'));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as ProviderUnavailableError).retryAfterMs).toBe(3_600_000);
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('backs off exponentially with jitter on 5xx and gives up after the retry budget', async () => {
    handler = (_request, response) => json(response, 503, '{"message":"Service unavailable"}');
    const error = await failure(provider({ maxRetries: 3 }).matchDetail('537002'));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toMatch(/answered 503; gave up after 4 tries/);
    expect(requests).toHaveLength(4);
    // Steps of 1 s, 2 s, 4 s: half fixed, half jitter (random() = 0.5 here).
    expect(sleeps).toEqual([750, 1_500, 3_000]);
    expect((error as ProviderUnavailableError).retryAfterMs).toBe(6_000);
    expectNoToken(error);
  });

  it('spreads retries with the jitter source', async () => {
    handler = (_request, response) => json(response, 500, '{}');
    await failure(provider({ maxRetries: 2, random: () => 0 }).matchDetail('537002'));
    const low = [...sleeps];
    sleeps = [];
    await failure(provider({ maxRetries: 2, random: () => 0.9 }).matchDetail('537002'));
    expect(low).toEqual([500, 1_000]);
    expect(sleeps).toEqual([950, 1_900]);
  });

  it('recovers from one 502', async () => {
    handler = (_request, response, index) =>
      index === 0 ? json(response, 502, 'Bad gateway') : json(response, 200, fixtureText('match-live.json'));
    await expect(provider().matchDetail('537002')).resolves.toMatchObject({ externalId: '537002' });
    expect(requests).toHaveLength(2);
  });

  it('retries a request that times out, then gives up', async () => {
    handler = () => {}; // never answers
    const error = await failure(provider({ timeoutMs: 150, maxRetries: 1 }).matchDetail('537002'));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toMatch(/timed out after 150 ms; gave up after 2 tries/);
    expect(requests).toHaveLength(2);
    server.closeAllConnections();
  });

  it('gives up when the API cannot be reached', async () => {
    const error = await failure(provider({ baseUrl: 'http://127.0.0.1:1/v4', maxRetries: 1 }).matchDetail('537002'));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toMatch(/could not be reached/);
  });
});

describe('answers that cannot be used', () => {
  it('rejects a malformed payload with the schema issues', async () => {
    handler = (_request, response) => json(response, 200, fixtureText('match-malformed.json'));
    const error = await failure(provider().matchDetail('537003'));
    expect(error).toBeInstanceOf(ProviderPayloadError);
    expect((error as ProviderPayloadError).issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^status: /),
        expect.stringMatching(/^score\.fullTime: /),
        expect.stringMatching(/^bookings\.0\.card: /),
      ]),
    );
    expect(requests).toHaveLength(1);
    expectNoToken(error);
  });

  it('rejects a body that is not JSON', async () => {
    handler = (_request, response) =>
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>');
    await expect(provider().matchDetail('537002')).rejects.toThrow(ProviderPayloadError);
  });

  it('rejects a malformed list as a whole', async () => {
    handler = (_request, response) =>
      json(response, 200, JSON.stringify({ matches: [JSON.parse(fixtureText('match-malformed.json'))] }));
    const error = await failure(provider().fixtures('2026-05-17'));
    expect(error).toBeInstanceOf(ProviderPayloadError);
    expect((error as ProviderPayloadError).issues).toEqual(
      expect.arrayContaining([expect.stringMatching(/^matches\.0\.status: /)]),
    );
  });

  it('does not retry a refused token, and keeps the token out of the message even when the API echoes it', async () => {
    handler = (_request, response) =>
      json(
        response,
        403,
        JSON.stringify({ message: `The token ${TOKEN} may not access this resource.`, errorCode: 403 }),
      );
    const error = await failure(provider().matchDetail('537002'));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toContain('answered 403: The token [redacted] may not access this resource.');
    expect((error as ProviderUnavailableError).retryAfterMs).toBe(600_000);
    expect(requests).toHaveLength(1);
    expectNoToken(error);
  });
});

describe('createFootballDataProvider', () => {
  it('is null without a token and configured from the environment with one', () => {
    expect(createFootballDataProvider(loadConfig({}))).toBeNull();
    const config = loadConfig({
      FOOTBALL_DATA_TOKEN: TOKEN,
      FOOTBALL_DATA_URL: baseUrl,
      FOOTBALL_DATA_REQUESTS_PER_MINUTE: '30',
    });
    expect(config.FOOTBALL_DATA_REQUESTS_PER_MINUTE).toBe(30);
    expect(createFootballDataProvider(config)?.name).toBe('football-data');
  });

  it('reaches the configured address with the configured token', async () => {
    const client = createFootballDataProvider(loadConfig({ FOOTBALL_DATA_TOKEN: TOKEN, FOOTBALL_DATA_URL: baseUrl }));
    await expect(client?.matchDetail('537002')).resolves.toMatchObject({
      provider: 'football-data',
      externalId: '537002',
    });
    expect(requests[0]?.token).toBe(TOKEN);
  });
});
