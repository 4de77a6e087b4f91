// Issue #17, "Widen the net": requests generated from the API's own description
// (/api/openapi.json) and for every page action, hostile as well as merely
// wrong — wrong types, huge numbers, long strings, odd unicode, malformed
// bodies, wrong content types, missing bodies, extra fields — against the
// real app on SQLite and PostgreSQL. Whatever is sent:
//   - no answer is a 5xx, and nothing is logged as an unexpected error;
//   - every /api error is the JSON error body { error: { code, message, fields? } };
//   - a rejected request (4xx) writes nothing: the writable tables are the same after it;
//   - a page action's redirect stays on this site.
// Bounded and reproducible: a fixed seed (FUZZ_SEED to try another, FUZZ_RUNS to scale the run
// counts); a failure prints the seed, the path to replay it, and the request and answer.
// Pages need the production build (scripts/test.sh builds before Vitest).
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSeed } from '../db/seed/run-seed.ts';
import { syntheticStep } from '../db/seed/synthetic/synthetic-step.ts';
import { createWyscoutStep } from '../db/seed/wyscout/wyscout-step.ts';
import {
  CONTENT_TYPES,
  MALFORMED_JSON,
  RAW_URL_PIECES,
  describeBody,
  encodeComponent,
  formBody,
  hostileString,
  jsonBodyValue,
  validValue,
  type BodyBytes,
  type Hints,
  type JsonSchema,
} from '../tests/helpers/fuzz.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';
import { TEST_ENGINES } from '../tests/helpers/test-database.ts';
import { ACCESS_COOKIE, DEVICE_COOKIE, REFRESH_COOKIE } from './modules/auth/auth.session.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 17_0517);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
/** Per database engine: API requests and page action posts. */
const API_RUNS = Math.round(1000 * SCALE);
const PAGE_RUNS = Math.round(500 * SCALE);

const ORIGIN = 'http://scoreline.test';
const PASSWORD = 'fuzzing is fun 1711';
const MEMBER = 'member@example.org';
const TARGET = 'target@example.org';
const EDITOR = 'editor@example.org';
const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const hasWyscout = existsSync(path.join(DATA_DIR, 'wyscout'));

/**
 * Tables a request may write. Row counts for all; for the account tables the rows themselves too,
 * so a rejected request that changed a password, revoked a session or used a reset link is caught.
 * `match` is here for the replay endpoints, which insert the replay's match.
 */
const COUNTED_TABLES = [
  'user_account',
  'refresh_token_family',
  'refresh_token',
  'login_attempt',
  'password_reset_token',
  'outbox_mail',
  'oidc_identity',
  'user_favourite',
  'contact_message',
  'match',
] as const;

/** What a sign-in records even when it fails: the failed attempt (auth.service.ts login). */
const SIGN_IN_PATHS = /^\/(?:en\/)?(?:api\/auth\/login|login|cms\/login)(?:\.data)?$/;

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema: JsonSchema }>;
  body: { required: boolean; schema: JsonSchema } | null;
}

interface FuzzRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: Record<string, string>;
  body: BodyBytes | null;
  /** Whose credentials it carries, so the test can sign that user in again if the request signed them out. */
  auth: 'none' | 'bearer' | 'cookie' | 'other';
  /** The operation or page it was made for. */
  target: string;
}

interface Answer {
  status: number;
  contentType: string;
  location: string | null;
  text: string;
}

type Snapshot = Record<string, string>;

/** What is wrong with an /api error body, or null: it must be exactly { error: { code, message, fields? } } (platform/http-errors.ts). */
function errorBodyProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== 'error') return `top-level keys ${JSON.stringify(keys)}`;
  const error = (value as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return 'error is not an object';
  const { code, message, fields, ...rest } = error as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `extra keys in error: ${Object.keys(rest).join(', ')}`;
  if (typeof code !== 'string' || code === '') return 'error.code is not a non-empty string';
  if (typeof message !== 'string' || message === '') return 'error.message is not a non-empty string';
  if (fields !== undefined) {
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return 'error.fields is not an object';
    if (Object.values(fields).some((field) => typeof field !== 'string')) return 'error.fields has a non-string value';
  }
  return null;
}

function describeRequest(request: FuzzRequest, answer?: Answer): string {
  const lines = [
    `${request.method} ${request.url}`,
    `headers: ${JSON.stringify(request.headers)}`,
    `body: ${describeBody(request.body)}`,
  ];
  if (answer) lines.push(`answer: ${answer.status} ${answer.contentType} ${JSON.stringify(answer.text.slice(0, 400))}`);
  return lines.join('\n  ');
}

describe.each(TEST_ENGINES)(`fuzzing the API and page actions on %s (seed ${SEED})`, (engine) => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  const logged: Array<{ level: number; msg: string; err?: { message?: string; stack?: string } }> = [];
  const operations: Operation[] = [];
  let components: Record<string, JsonSchema> = {};
  const known = {
    matchIds: [] as number[],
    replayable: [] as number[],
    teamIds: [] as number[],
    teamNames: [] as string[],
    competitions: [] as Array<{ code: string; seasons: string[] }>,
    sessionIds: [] as number[],
  };
  const member = { bearer: '', cookies: '', passwordHash: '' };
  const statuses = new Map<string, number>();
  /** console.warn while the requests run (kept off the test's output). */
  const warnings: string[] = [];

  beforeEach(() => {
    // Per test: the suite's set-up (tests/helpers/fail-on-console-error.ts) restores every mock after each.
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    });
  });

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n'))
          if (line.trim() !== '') logged.push(JSON.parse(line) as (typeof logged)[number]);
        callback();
      },
    });
    t = await createPageApp({
      engine,
      env: { TRUST_PROXY: '1', BASE_URL: ORIGIN },
      logger: pino({ level: 'warn' }, sink),
    });
    await runSeed(t.database.handle, [syntheticStep], { dataDir: DATA_DIR });
    if (hasWyscout)
      await runSeed(t.database.handle, [createWyscoutStep({ competitions: ['euro-2016'] })], { dataDir: DATA_DIR });
    const db = t.database.handle.db;
    known.matchIds = (await db.selectFrom('match').select('id').orderBy('id').limit(40).execute()).map((row) =>
      Number(row.id),
    );
    known.replayable = (await t.services.ingest.replay.pool()).slice(0, 10);
    const teams = await db.selectFrom('team').select(['id', 'name']).orderBy('id').limit(20).execute();
    known.teamIds = teams.map((team) => Number(team.id));
    known.teamNames = teams.map((team) => team.name);
    const seasons = await db
      .selectFrom('season')
      .innerJoin('competition', 'competition.id', 'season.competition_id')
      .select(['competition.code', 'season.code as label'])
      .execute();
    for (const season of seasons) {
      const entry = known.competitions.find((competition) => competition.code === season.code);
      if (entry) entry.seasons.push(String(season.label));
      else known.competitions.push({ code: season.code, seasons: [String(season.label)] });
    }

    for (const email of [MEMBER, TARGET, EDITOR]) {
      const response = await send({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, displayName: 'Fuzz' }),
        auth: 'none',
        target: 'set-up',
      });
      expect(response.status, response.text).toBe(201);
    }
    await db.updateTable('user_account').set({ role: 'admin' }).where('email', '=', EDITOR).execute();
    await signInMember();

    const description = (await (await t.app.request(`${ORIGIN}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Operation['parameters'];
            requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
          }
        >
      >;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    components = description.components?.schemas ?? {};
    for (const [template, methods] of Object.entries(description.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const json = operation.requestBody?.content['application/json'];
        operations.push({
          method: method.toUpperCase(),
          path: template,
          parameters: operation.parameters ?? [],
          body: json ? { required: operation.requestBody?.required ?? false, schema: json.schema } : null,
        });
      }
    }
  }, 120_000);

  afterAll(async () => {
    // FUZZ_STATS=1 prints how often each operation answered each status: a check that the generators reach past validation.
    if (process.env.FUZZ_STATS) {
      const lines = [...statuses].sort().map(([key, count]) => `${key}: ${count}`);
      process.stdout.write(
        `${[`${engine}:`, ...lines, `warnings printed: ${warnings.length}`].join('\n')}\n`,
      );
    }
    await t?.close();
  });

  // ---- Sending and checking ---------------------------------------------------

  async function send(request: FuzzRequest): Promise<Answer> {
    const init: RequestInit = { method: request.method, headers: request.headers };
    if (request.body !== null && request.method !== 'GET' && request.method !== 'HEAD') init.body = request.body;
    const response = await t.app.request(`${ORIGIN}${request.url}`, init);
    const contentType = response.headers.get('content-type') ?? '';
    let text = '';
    if (contentType.startsWith('text/event-stream')) {
      // A live stream that was accepted stays open: its status and headers are the answer.
      await response.body?.cancel();
    } else {
      text = await response.text();
    }
    return { status: response.status, contentType, location: response.headers.get('location'), text };
  }

  /**
   * Signs the member in on the page (cookies) and through the API (a Bearer token), from an address the
   * generated requests never use and with the device cookie, so their failed guesses cannot hold it up.
   * A generated password change is undone first.
   */
  async function signInMember(): Promise<void> {
    const db = t.database.handle.db;
    if (member.passwordHash)
      await db
        .updateTable('user_account')
        .set({ password_hash: member.passwordHash })
        .where('email', '=', MEMBER)
        .execute();
    else
      member.passwordHash =
        (
          await db
            .selectFrom('user_account')
            .select('password_hash')
            .where('email', '=', MEMBER)
            .executeTakeFirstOrThrow()
        ).password_hash ?? '';
    const device = member.cookies.split('; ').find((pair) => pair.startsWith(`${DEVICE_COOKIE}=`)) ?? '';
    const page = await t.app.request(`${ORIGIN}/login`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': '198.51.100.200',
        'content-type': 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        cookie: device,
      },
      body: new URLSearchParams({ email: MEMBER, password: PASSWORD }).toString(),
    });
    expect([302, 303], 'the member signs in on the page').toContain(page.status);
    const cookies = new Map(
      member.cookies
        .split('; ')
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair]),
    );
    for (const line of page.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const name = pair.slice(0, pair.indexOf('='));
      if ([ACCESS_COOKIE, REFRESH_COOKIE, DEVICE_COOKIE].includes(name)) cookies.set(name, pair);
    }
    member.cookies = [...cookies.values()].join('; ');
    const api = await t.app.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': '198.51.100.200',
        'content-type': 'application/json',
        cookie: cookies.get(DEVICE_COOKIE) ?? '',
      },
      body: JSON.stringify({ email: MEMBER, password: PASSWORD }),
    });
    expect(api.status, 'the member signs in through the API').toBe(200);
    member.bearer = ((await api.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
    const families = await db.selectFrom('refresh_token_family').select('id').execute();
    known.sessionIds = families.map((family) => Number(family.id));
  }

  /** After a request that may have signed the member out (logout, revoke, password change), sign in again. */
  async function keepMemberSignedIn(): Promise<void> {
    const [bearer, cookies] = await Promise.all([
      t.app.request(`${ORIGIN}/api/auth/user`, { headers: { authorization: `Bearer ${member.bearer}` } }),
      t.app.request(`${ORIGIN}/api/auth/user`, { headers: { cookie: member.cookies } }),
    ]);
    if (bearer.status !== 200 || cookies.status !== 200) await signInMember();
  }

  async function snapshot(): Promise<Snapshot> {
    const db = t.database.handle.db;
    const counts = await sql<{ name: string; n: number | string }>`${sql.join(
      COUNTED_TABLES.map((table) => sql`SELECT ${table} AS name, COUNT(*) AS n FROM ${sql.table(table)}`),
      sql` UNION ALL `,
    )}`.execute(db);
    const result: Snapshot = {};
    for (const row of counts.rows) result[row.name] = String(row.n);
    const digest = (rows: unknown[]) => createHash('sha1').update(JSON.stringify(rows)).digest('hex');
    const [users, families, tokens, resets, favourites] = await Promise.all([
      db
        .selectFrom('user_account')
        .select(['id', 'email', 'password_hash', 'display_name', 'phone', 'role', 'plan'])
        .orderBy('id')
        .execute(),
      db.selectFrom('refresh_token_family').select(['id', 'revoked_at']).orderBy('id').execute(),
      db.selectFrom('refresh_token').select(['id', 'rotated_at']).orderBy('id').execute(),
      db.selectFrom('password_reset_token').select(['id', 'used_at']).orderBy('id').execute(),
      db.selectFrom('user_favourite').selectAll().orderBy('user_id').orderBy('kind').orderBy('ref').execute(),
    ]);
    result['user_account rows'] = digest(users);
    result['refresh_token_family rows'] = digest(families);
    result['refresh_token rows'] = digest(tokens);
    result['password_reset_token rows'] = digest(resets);
    result['user_favourite rows'] = digest(favourites);
    return result;
  }

  function changes(before: Snapshot, after: Snapshot): string[] {
    return Object.keys(after)
      .filter((key) => before[key] !== after[key])
      .map((key) => `${key}: ${before[key]} → ${after[key]}`);
  }

  /**
   * Sends one request and checks what every answer must satisfy. `isApi` adds the JSON error body rule.
   * Throws with the request and the answer (fast-check adds the seed and the path to replay it).
   */
  async function sendAndCheck(request: FuzzRequest, isApi: boolean): Promise<void> {
    const before = await snapshot();
    const logsBefore = logged.length;
    const warningsBefore = warnings.length;
    const answer = await send(request);
    const key = `${request.target} ${answer.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    const fail = (why: string): never => {
      throw new Error(
        `${why}\n  ${describeRequest(request, answer)}\n  (seed ${SEED}; again with FUZZ_SEED=${SEED} npx vitest run server/fuzz.test.ts)`,
      );
    };
    if (answer.status >= 500) fail(`answered ${answer.status}`);
    const printed = warnings.slice(warningsBefore);
    if (printed.length > 0) fail(`printed outside the logger: ${printed.join('; ').slice(0, 500)}`);
    const errors = logged.slice(logsBefore).filter((line) => line.level >= 50);
    if (errors.length > 0)
      fail(`logged an error: ${errors.map((line) => `${line.msg}: ${line.err?.message ?? ''}`).join('; ')}`);
    if (isApi && answer.status >= 400 && request.method !== 'HEAD') {
      if (!answer.contentType.startsWith('application/json')) fail('an /api error that is not JSON');
      let body: unknown;
      try {
        body = JSON.parse(answer.text);
      } catch {
        fail('an /api error whose body does not parse as JSON');
      }
      const wrong = errorBodyProblem(body);
      if (wrong) fail(`an /api error that is not { error: { code, message, fields? } }: ${wrong}`);
    }
    if (!isApi) {
      // A document's redirect is its Location; a .data request's is in its body (React Router's single fetch).
      const location =
        answer.status >= 300 && answer.status < 400
          ? answer.location
          : (/^\[\{[^\]]*\},"redirect","((?:[^"\\]|\\.)*)"/.exec(answer.text)?.[1] ?? null);
      if (location !== null) {
        const target = new URL(location, ORIGIN);
        if (target.origin !== ORIGIN || /^\/[/\\]/.test(location)) fail(`redirected off the site to ${location}`);
      }
    }
    if (answer.status >= 400) {
      const after = await snapshot();
      let changed = changes(before, after);
      // A failed sign-in is recorded on purpose (the attempt log), and only that.
      const pathname = new URL(request.url, ORIGIN).pathname;
      if (SIGN_IN_PATHS.test(pathname) && Number(after.login_attempt) === Number(before.login_attempt) + 1)
        changed = changed.filter((change) => !change.startsWith('login_attempt:'));
      if (changed.length > 0) fail(`a rejected request wrote: ${changed.join('; ')}`);
    }
    if (request.auth === 'bearer' || request.auth === 'cookie') await keepMemberSignedIn();
  }

  // ---- Shared arbitraries ---------------------------------------------------------

  const addresses = fc.constantFrom(
    '203.0.113.1',
    '203.0.113.2',
    '2001:db8::1',
    '203.0.113.3, 10.0.0.1',
    'garbage',
    '',
    '::ffff:203.0.113.4',
    '999.999.999.999',
    'unknown, unknown',
  );

  /** Latin-1 only: header values are bytes, and fetch refuses anything else before it is sent. */
  const latin1 = hostileString.map((text) => text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?'));

  function authHeaders(kind: string): { headers: Record<string, string>; auth: FuzzRequest['auth'] } {
    switch (kind) {
      case 'bearer':
        return { headers: { authorization: `Bearer ${member.bearer}` }, auth: 'bearer' };
      case 'cookie':
        return { headers: { cookie: member.cookies, origin: ORIGIN }, auth: 'cookie' };
      case 'cookie, no origin':
        return { headers: { cookie: member.cookies }, auth: 'cookie' };
      case 'cookie, cross-site':
        return {
          headers: { cookie: member.cookies, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
          auth: 'cookie',
        };
      case 'cookie and basic':
        return {
          headers: { cookie: member.cookies, authorization: 'Basic Zm9vOmJhcg==', origin: 'http://evil.example' },
          auth: 'cookie',
        };
      case 'bad bearer':
        return { headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' }, auth: 'other' };
      case 'bad cookie':
        return {
          headers: { cookie: `${ACCESS_COOKIE}=x.y.z; ${REFRESH_COOKIE}=%ZZ; ${DEVICE_COOKIE}=\u00ff`, origin: ORIGIN },
          auth: 'other',
        };
      default:
        return { headers: {}, auth: 'none' };
    }
  }
  const authKinds = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('none', 'bearer', 'cookie') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'cookie, no origin',
        'cookie, cross-site',
        'cookie and basic',
        'bad bearer',
        'bad cookie',
      ),
    },
  );

  function hints(): Hints {
    const emails = fc.oneof(
      fc.constantFrom(MEMBER, TARGET, EDITOR, 'nobody@example.org', ` ${TARGET.toUpperCase()} `),
      fc
        .tuple(
          fc.stringMatching(/^[a-z][a-z0-9.]{0,10}$/),
          fc.constantFrom('example.org', 'Example.COM', 'mail.example.net'),
        )
        .map(([local, domain]) => `${local}@${domain}`),
    );
    const matchIds = fc.constantFrom(...known.matchIds, ...known.replayable, 999_999_999);
    const teamIds = fc.constantFrom(...known.teamIds);
    return {
      email: emails,
      password: fc.constantFrom(PASSWORD, 'not the password 1', 'short'),
      newPassword: fc.constantFrom('a brand new password 17', 'short'),
      currentPassword: fc.constantFrom(PASSWORD, 'not the password 1'),
      matchId: fc.oneof(fc.constantFrom(...known.replayable, ...known.matchIds), matchIds),
      speed: fc.constantFrom(1, 60, 600),
      id: fc.oneof(matchIds.map(String), teamIds.map(String), fc.constantFrom(...known.sessionIds.map(String), '1')),
      player: fc.constantFrom('1', '2', '999999999999'),
      code: fc.constantFrom(...known.competitions.map((competition) => competition.code), 'en.1', 'euro'),
      season: fc.constantFrom(...known.competitions.flatMap((competition) => competition.seasons), '2016', '2024-25'),
      kind: fc.constantFrom('team', 'competition', 'match'),
      ref: fc.oneof(teamIds.map(String), fc.constantFrom(...known.competitions.map((competition) => competition.code))),
      teams: fc.tuple(teamIds, teamIds).map(([a, b]) => `${a},${b}`),
      q: fc.constantFrom(...known.teamNames, 'a', 'Fr'),
      date: fc.constantFrom(
        new Date().toISOString().slice(0, 10),
        '2016-06-10',
        '2016-02-30',
        '0000-01-01',
        '9999-12-31',
      ),
      tz: fc.constantFrom('UTC', 'Europe/London', 'America/St_Johns', 'Etc/GMT+14', 'Not/AZone', 'utc'),
      asOf: fc.constantFrom('2016-06-15', '2016-06-15T12:00:00Z', 'yesterday'),
      limit: fc.constantFrom(1, 200, 500, 0, -1),
      topics: fc.constantFrom('scores', 'scores,match:1', 'match:1', `match:${known.matchIds[0] ?? 1}`, 'chat:1', ','),
      lastEventId: fc.constantFrom('0', '1', '999999999999999'),
      parts: fc.constantFrom('momentum', 'momentum,h2h,table', 'nope', ''),
      displayName: fc.constantFrom('Ada', ''),
      phone: fc.constantFrom('+44 7700 900123', '07700900123', ''),
      topic: fc.constantFrom('general', 'data'),
      message: fc.constantFrom('The score of match 12 looks wrong.'),
      name: fc.constantFrom('Ada'),
    };
  }

  // ---- The API ------------------------------------------------------------------------

  function resolve(ref: string): JsonSchema {
    const name = ref.replace(/^#\/components\/schemas\//, '');
    const schema = components[name];
    if (!schema) throw new Error(`Unknown schema reference ${ref}`);
    return schema;
  }

  /**
   * A value for a path or query parameter: valid, hostile, or a badly encoded raw piece. Two in five
   * requests are "clean" (every parameter valid), so the generator also reaches past validation.
   */
  function parameterText(parameter: Operation['parameters'][number], h: Hints, clean: boolean): fc.Arbitrary<string> {
    const valid = validValue(parameter.schema, resolve, h, parameter.name, clean).map((value) =>
      encodeComponent(String(value)),
    );
    if (clean) return valid;
    return fc.oneof(
      { weight: 6, arbitrary: valid },
      { weight: 3, arbitrary: hostileString.map(encodeComponent) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
    );
  }

  /** Path values that exist together (a competition and one of its seasons, a kind and a ref of that kind). */
  function knownPathValues(operation: Operation): fc.Arbitrary<string[]> | null {
    const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    const pick = (rows: string[][]) => (rows.length > 0 ? fc.constantFrom(...rows) : null);
    if (names.join() === 'code,season')
      return pick(known.competitions.flatMap((c) => c.seasons.map((season) => [c.code, season])));
    if (names.join() === 'code') return pick(known.competitions.map((c) => [c.code]));
    if (names.join() === 'kind,ref')
      return pick([
        ...known.teamIds.slice(0, 3).map((id) => ['team', String(id)]),
        ...known.matchIds.slice(0, 3).map((id) => ['match', String(id)]),
        ...known.competitions.slice(0, 3).map((c) => ['competition', c.code]),
      ]);
    if (names.join() === 'id' && operation.path.startsWith('/teams/'))
      return pick(known.teamIds.map((id) => [String(id)]));
    if (names.join() === 'id' && operation.path.startsWith('/matches/'))
      return pick([...known.matchIds, ...known.replayable].map((id) => [String(id)]));
    if (names.join() === 'id' && operation.path.startsWith('/auth/sessions/'))
      return pick(known.sessionIds.map((id) => [String(id)]));
    return null;
  }

  function apiRequest(operation: Operation, h: Hints, clean: boolean): fc.Arbitrary<FuzzRequest> {
    const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
    const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
    const generated = fc.tuple(...pathParameters.map((parameter) => parameterText(parameter, h, clean)));
    const existing = knownPathValues(operation);
    const pathValues = existing ? fc.oneof(generated, existing) : generated;
    const query = fc
      .tuple(
        fc.tuple(
          ...queryParameters.map((parameter) =>
            fc.option(fc.array(parameterText(parameter, h, clean), { minLength: 1, maxLength: clean ? 1 : 2 }), {
              freq: parameter.required ? 20 : 2,
            }),
          ),
        ),
        clean
          ? fc.constant([])
          : fc.array(fc.tuple(hostileString.map(encodeComponent), hostileString.map(encodeComponent)), {
              maxLength: 2,
            }),
      )
      .map(([values, extra]) => {
        const pairs: string[] = [];
        queryParameters.forEach((parameter, index) => {
          for (const value of values[index] ?? []) pairs.push(`${parameter.name}=${value}`);
        });
        for (const [name, value] of extra) pairs.push(`${name}=${value}`);
        return pairs.length > 0 ? `?${pairs.join('&')}` : '';
      });
    const cleanBody = operation.body
      ? jsonBodyValue(operation.body.schema, resolve, h, true).map((value) => ({
          contentType: 'application/json',
          body: JSON.stringify(value),
        }))
      : fc.constant({ contentType: null, body: null });
    const body: fc.Arbitrary<{ contentType: string | null; body: BodyBytes | null }> = clean
      ? cleanBody
      : operation.body
        ? fc.oneof(
            {
              weight: 8,
              arbitrary: jsonBodyValue(operation.body.schema, resolve, h).map((value) => ({
                contentType: 'application/json',
                body: JSON.stringify(value),
              })),
            },
            {
              weight: 2,
              arbitrary: fc
                .constantFrom(...MALFORMED_JSON)
                .map((text) => ({ contentType: 'application/json', body: text })),
            },
            {
              weight: 2,
              arbitrary: fc
                .tuple(fc.constantFrom(...CONTENT_TYPES), jsonBodyValue(operation.body.schema, resolve, h))
                .map(([contentType, value]) => ({ contentType, body: JSON.stringify(value) })),
            },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                { contentType: null, body: null },
                { contentType: 'application/json', body: null },
              ),
            },
            {
              weight: 1,
              arbitrary: fc.constant({
                contentType: 'application/json',
                body: JSON.stringify({ padding: 'x'.repeat(70_000) }),
              }),
            },
          )
        : fc.oneof(
            { weight: 6, arbitrary: fc.constant({ contentType: null, body: null }) },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom(...MALFORMED_JSON)
                .map((text) => ({ contentType: 'application/json', body: text })),
            },
          );
    const method = clean
      ? fc.constant(operation.method)
      : fc.oneof(
          { weight: 20, arbitrary: fc.constant(operation.method) },
          { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') },
        );
    const auth = clean ? fc.constantFrom('none', 'bearer', 'cookie') : authKinds;
    return fc
      .record({ method, pathValues, query, body, auth, address: addresses, agent: fc.option(latin1, { freq: 5 }) })
      .map(({ method, pathValues, query, body, auth, address, agent }) => {
        let index = 0;
        const filled = operation.path.replace(/\{[^}]+\}/g, () => pathValues[index++] ?? '');
        const credentials = authHeaders(auth);
        const headers: Record<string, string> = { 'x-forwarded-for': address, ...credentials.headers };
        if (body.contentType !== null) headers['content-type'] = body.contentType;
        if (agent !== null) headers['user-agent'] = agent;
        return {
          method,
          url: `/api${filled}${query}`,
          headers,
          body: body.body,
          auth: credentials.auth,
          target: `${operation.method} ${operation.path}`,
        };
      });
  }

  it(`sends ${API_RUNS} generated requests to every /api operation: no 5xx, JSON errors, nothing written when refused`, async () => {
    // Every operation in the description, none left out:
    //  - GET /live is a stream: an accepted one is closed at once (its status is the answer), the refused ones are checked;
    //  - POST /replays and the sign-in, register, contact and forgot-password operations write when they accept
    //    (2xx), as they should; only their refusals must write nothing.
    expect(operations.length).toBeGreaterThan(30);
    const h = hints();
    const requests = fc
      .tuple(fc.constantFrom(...operations), fc.integer({ min: 0, max: 4 }))
      .chain(([operation, roll]) => apiRequest(operation, h, roll < 2));
    // One clean request to each operation first, then the generated ones: with ~150 operations, 1,000 random
    // picks leave one out about one seed in six, and each new operation moved which.
    const firstOfEach = operations.map((operation, index): [FuzzRequest] => {
      const [request] = fc.sample(apiRequest(operation, h, true), { seed: SEED + index, numRuns: 1 });
      if (!request) throw new Error(`No request for ${operation.method} ${operation.path}`);
      return [request];
    });
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        seen.add(request.target);
        await sendAndCheck(request, true);
      }),
      { seed: SEED, numRuns: API_RUNS, endOnFailure: false, examples: firstOfEach },
    );
    expect([...seen].sort(), 'every operation was tried').toEqual(
      operations.map((operation) => `${operation.method} ${operation.path}`).sort(),
    );
  }, 300_000);

  // ---- Page actions ----------------------------------------------------------------------

  /** Every page with an action (grep `export async function action` in app/routes), and a few without. */
  function pageTargets(): fc.Arbitrary<{ path: string; fields: readonly string[] }> {
    const matchPath = fc
      .oneof(
        fc.constantFrom(...known.replayable, ...known.matchIds.slice(0, 5), 999_999_999, 2 ** 31).map(String),
        hostileString.map(encodeComponent),
        fc.constantFrom('0', '-1', '1e3', '99999999999999999999'),
      )
      .map((id) => `/match/${id}`);
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .constantFrom('/login', '/en/login')
          .map((path) => ({ path, fields: ['email', 'password', 'redirect', 'device_favourites'] })),
      },
      {
        weight: 4,
        arbitrary: fc.constant({
          path: '/register',
          fields: ['email', 'password', 'displayName', 'phone', 'redirect', 'device_favourites'],
        }),
      },
      {
        weight: 3,
        arbitrary: fc
          .constantFrom('/contact', '/en/contact')
          .map((path) => ({ path, fields: ['name', 'email', 'topic', 'message'] })),
      },
      { weight: 3, arbitrary: fc.constant({ path: '/auth/reset-password', fields: ['intent', 'email', 'password'] }) },
      {
        weight: 4,
        arbitrary: fc.constant({
          path: '/account',
          fields: ['intent', 'session', 'displayName', 'phone', 'currentPassword', 'newPassword', 'kind', 'ref'],
        }),
      },
      { weight: 3, arbitrary: matchPath.map((path) => ({ path, fields: ['speed'] })) },
      { weight: 2, arbitrary: fc.constant({ path: '/cms/login', fields: ['email', 'password', 'redirect'] }) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('/', '/league/euro', '/about-us', '/no/such/page', '/cms', '/team/1')
          .map((path) => ({ path, fields: ['x'] })),
      },
    );
  }

  function fieldValue(name: string, h: Hints, clean: boolean): fc.Arbitrary<string> {
    const special: Record<string, fc.Arbitrary<string>> = {
      intent: fc.constantFrom(
        'reset',
        'forgot',
        'logout',
        'sign-out-everywhere',
        'revoke-session',
        'profile',
        'password',
        'remove-favourite',
        '',
      ),
      session: fc.constantFrom(...known.sessionIds.map(String), '0', '-1', '1e400', '99999999999999999999'),
      speed: fc.constantFrom('1', '60', '600', '0', '601', '1e400', 'NaN', ' 60 '),
      redirect: fc.constantFrom(
        '/account',
        '/team?q=Спартак',
        '/team?q=Ünïcödé',
        '//evil.example',
        '/\\evil.example',
        'https://evil.example',
        '/\u0000',
        '/%0d%0aSet-Cookie:x=1',
        '/a\r\nb',
        '/⚽',
      ),
      device_favourites: fc.constantFrom(
        JSON.stringify({
          teams: known.teamIds.slice(0, 2),
          competitions: known.competitions.slice(0, 2).map((c) => c.code),
          matches: known.matchIds.slice(0, 2),
        }),
        '{"teams":[1e400],"competitions":["en.1\\u0000",""],"matches":[-1]}',
        '{"teams":"1"}',
        '{',
        '[]',
        JSON.stringify({ teams: Array.from({ length: 500 }, (_, index) => index + 1) }),
      ),
    };
    const hint = special[name] ?? (h[name] as fc.Arbitrary<unknown> | undefined)?.map(String);
    if (clean) return hint ?? fc.string({ maxLength: 20 });
    return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 2, arbitrary: hostileString }) : hostileString;
  }

  /**
   * A form's fields: all with likely values ("clean"), all but one of them (which is hostile), or
   * each likely, hostile or left out; and sometimes extra fields or a field twice.
   */
  function formFields(fields: readonly string[], h: Hints): fc.Arbitrary<Array<[string, string]>> {
    const clean = fc.tuple(
      ...fields.map((name) => fieldValue(name, h, true).map((value): [string, string] => [name, value])),
    );
    const mixed = fc
      .tuple(
        fc.tuple(
          ...fields.map((name) =>
            fc.option(
              fieldValue(name, h, false).map((value): [string, string] => [name, value]),
              { freq: 6 },
            ),
          ),
        ),
        fc.array(fc.tuple(fc.oneof(hostileString, fc.constantFrom(...fields)), hostileString), { maxLength: 2 }),
      )
      .map(([values, extra]) => [...values.filter((entry): entry is [string, string] => entry !== null), ...extra]);
    const oneHostile = fc
      .tuple(clean, fc.nat({ max: fields.length - 1 }), hostileString)
      .map(([entries, index, value]) =>
        entries.map((entry, at): [string, string] => (at === index ? [entry[0], value] : entry)),
      );
    return fc.oneof(
      { weight: 2, arbitrary: clean },
      { weight: 3, arbitrary: oneHostile },
      { weight: 3, arbitrary: mixed },
    );
  }

  function pageRequest(h: Hints): fc.Arbitrary<FuzzRequest> {
    return pageTargets().chain(({ path, fields }) => {
      const entries = formFields(fields, h);
      const query = fc.oneof(
        { weight: 6, arbitrary: fc.constant('') },
        {
          weight: 2,
          arbitrary: fieldValue('redirect', h, false).map((target) => `?redirect=${encodeComponent(target)}`),
        },
        { weight: 1, arbitrary: fc.constantFrom('?index', '?_data=root', '?redirect', `?${RAW_URL_PIECES.join('&')}`) },
      );
      return fc
        .record({
          entries: formBody(entries),
          query,
          data: fc.integer({ min: 0, max: 9 }).map((roll) => roll < 2),
          auth: fc.constantFrom(
            'none',
            'cookie',
            'cookie',
            'cookie, no origin',
            'cookie, cross-site',
            'bad cookie',
            'same-origin only',
          ),
          address: addresses,
          agent: fc.option(latin1, { freq: 5 }),
        })
        .map(({ entries: form, query, data, auth, address, agent }) => {
          const credentials =
            auth === 'same-origin only' ? { headers: { origin: ORIGIN }, auth: 'none' as const } : authHeaders(auth);
          const headers: Record<string, string> = { 'x-forwarded-for': address, ...credentials.headers };
          if (form.contentType !== null) headers['content-type'] = form.contentType;
          if (agent !== null) headers['user-agent'] = agent;
          const url = `${data ? `${path === '/' ? '/_root' : path}.data` : path}${query}`;
          return {
            method: 'POST',
            url,
            headers,
            body: form.body,
            auth: credentials.auth,
            target: path.startsWith('/match/') ? '/match/{id}' : path,
          };
        });
    });
  }

  it(`posts ${PAGE_RUNS} generated forms and malformed bodies to every page action: no 5xx, nothing written when refused`, async () => {
    const requests = pageRequest(hints());
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        seen.add(request.target);
        await sendAndCheck(request, false);
      }),
      { seed: SEED, numRuns: PAGE_RUNS, endOnFailure: false },
    );
    for (const page of [
      '/login',
      '/register',
      '/contact',
      '/auth/reset-password',
      '/account',
      '/match/{id}',
      '/cms/login',
    ])
      expect(seen, 'every page action was tried').toContain(page);
  }, 300_000);
});
