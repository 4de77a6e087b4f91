// Keeping the data current by itself (issue #19), as an operator and a fan meet it, against a local
// stand-in for GitHub's raw host serving the real openfootball files (never the internet): /api/health says
// when the data was last refreshed and how the last attempt went; a result published upstream reaches the
// table; a refresh without a network changes nothing and the site keeps answering; and of two processes
// campaigning for ingest, only the leader refreshes.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { readManifest } from '../db/seed/data-fetch.ts';
import { DATA_REFRESH_STEP } from '../db/seed/data-refresh.ts';
import { ensureCompetition } from '../db/seed/seed-kit.ts';
import { findCompetitionDefinition } from '../domain/competitions.ts';
import type { Standings } from '../domain/football-contracts.ts';
import {
  LEAGUE_FILE,
  hasOpenfootballData,
  startOpenfootballUpstream,
  type OpenfootballUpstream,
} from '../tests/helpers/openfootball-upstream.ts';
import { createTestApp } from '../tests/helpers/test-app.ts';
import { TEST_POSTGRES_URL, type TestDatabase } from '../tests/helpers/test-database.ts';
import { createHttpApp } from './http.ts';
import { loadConfig } from './platform/config.ts';
import { createMetrics } from './platform/metrics.ts';
import { createServices } from './services.ts';

interface Health {
  status: string;
  dataRefreshedAt: string | null;
  dataRefresh: { lastAttemptAt: string; outcome: string } | null;
}

/**
 * A database `npm run db:seed` imported the shipped files into, as far as the refresh looks: a competition
 * (a refresh never seeds an empty database) and every file of the pinned manifest recorded as imported.
 */
async function recordShippedFiles(database: TestDatabase) {
  const definition = findCompetitionDefinition('at.1');
  if (!definition) throw new Error('at.1 is not in the catalogue');
  await ensureCompetition(database.handle.db, definition);
  const rows = readManifest().files.map((file) => ({
    source: 'openfootball',
    path: `${file.repository}/${file.path}`,
    sha256: file.sha256,
    imported_at: new Date().toISOString(),
  }));
  for (let index = 0; index < rows.length; index += 100)
    await database.handle.db
      .insertInto('data_file')
      .values(rows.slice(index, index + 100))
      .execute();
}

interface SourceMatch {
  date: string;
  team1: string;
  team2: string;
  score?: { ft?: [number, number] };
}

describe.skipIf(!hasOpenfootballData)('the data refresh through the app', () => {
  let upstream: OpenfootballUpstream;
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    upstream = await startOpenfootballUpstream();
    t = await createTestApp('sqlite', { DATA_REFRESH_URL: upstream.baseUrl, REPLAY_MODE: 'off' });
    await recordShippedFiles(t.database);
  }, 60_000);
  afterAll(async () => {
    await t?.services.ingest.stop();
    await t?.close();
    await upstream?.close();
  });

  const health = async () => {
    const response = await t.app.request('/api/health');
    expect(response.status).toBe(200);
    return (await response.json()) as Health;
  };

  it('says the data was never refreshed, and a process that does not lead ingest does not refresh', async () => {
    expect(await health()).toMatchObject({ dataRefreshedAt: null, dataRefresh: null });
    expect(await t.services.ingest.refreshData()).toBeNull();
    expect(upstream.requests).toEqual([]);
  });

  it('imports a result published upstream: the table has it and health says when', async () => {
    t.services.ingest.start();
    const league = JSON.parse(upstream.read(LEAGUE_FILE).toString('utf8')) as { matches: SourceMatch[] };
    const unplayed = league.matches.find((match) => !match.score?.ft);
    if (!unplayed) throw new Error('at.1 2025-26 has no unplayed match left');
    unplayed.score = { ft: [3, 0] };
    upstream.publish(LEAGUE_FILE, JSON.stringify(league, null, 2));

    const before = Date.now();
    expect(await t.services.ingest.refreshData()).toMatchObject({ outcome: 'imported', changed: [LEAGUE_FILE] });
    const status = await health();
    expect(status.status).toBe('ok');
    expect(status.dataRefresh).toMatchObject({ outcome: 'imported' });
    expect(Date.parse(status.dataRefreshedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);

    // The season of the changed file, with the new result, and nothing else.
    const response = await t.app.request('/api/competitions/at.1/seasons/2025-26/standings');
    const table = (await response.json()) as Standings;
    const played = table.rows.reduce((sum, row) => sum + row.played, 0);
    expect(played).toBe(2 * league.matches.filter((match) => match.score?.ft).length);
    const competitions = (await (await t.app.request('/api/competitions')).json()) as {
      competitions: Array<{ code: string }>;
    };
    expect(competitions.competitions.map((competition) => competition.code)).toEqual(['at.1']);
  });

  it('changes nothing when nothing changed, and reports it', async () => {
    const { dataRefreshedAt } = await health();
    expect(await t.services.ingest.refreshData()).toMatchObject({ outcome: 'unchanged' });
    const status = await health();
    expect(status.dataRefresh).toMatchObject({ outcome: 'unchanged' });
    expect(Date.parse(status.dataRefreshedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(dataRefreshedAt ?? ''));
  });

  it('without a network changes nothing: health reports the failure and the last refresh, and the site answers', async () => {
    const { dataRefreshedAt } = await health();
    const table = async () => (await t.app.request('/api/competitions/at.1/seasons/2025-26/standings')).json();
    const before = await table();
    upstream.setOffline(true);
    try {
      expect(await t.services.ingest.refreshData()).toMatchObject({ outcome: 'failed', stage: 'fetch' });
      const status = await health();
      expect(status).toMatchObject({ status: 'ok', dataRefreshedAt, dataRefresh: { outcome: 'failed' } });
      expect(await table()).toEqual(before);
      expect((await t.app.request('/api/competitions')).status).toBe(200);
    } finally {
      upstream.setOffline(false);
    }
  });

  it('is described in /api/openapi.json', async () => {
    const document = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        {
          get: {
            responses: Record<
              string,
              { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> }
            >;
          };
        }
      >;
    };
    const properties =
      document.paths['/health']?.get.responses['200']?.content['application/json']?.schema.properties ?? {};
    expect(properties.dataRefreshedAt?.description).toMatch(/last refreshed/);
    expect(properties.dataRefresh?.description).toMatch(/imported/);
  });
});

/** A node of a deployment: its own services and app over a database another node created. */
function secondNode(databaseUrl: string, env: Record<string, string>) {
  const handle = openDatabase(databaseUrl);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, ...env });
  const services = createServices({
    config,
    logger: pino({ level: 'silent' }),
    database: handle,
    sessionSecret: 'test-secret-test-secret-test-secret-000',
  });
  return {
    app: createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) }),
    services,
    close: () => handle.close(),
  };
}

describe.skipIf(!hasOpenfootballData || !TEST_POSTGRES_URL)('the data refresh with two processes on PostgreSQL', () => {
  let upstream: OpenfootballUpstream;
  let a: Awaited<ReturnType<typeof createTestApp>>;
  let b: ReturnType<typeof secondNode>;

  beforeAll(async () => {
    upstream = await startOpenfootballUpstream();
    // A refresh every 1.8 s, the first as soon as a node leads; each node fetches from an address of its own.
    const env = (node: string) => ({
      DATA_REFRESH_URL: `${upstream.baseUrl}/${node}`,
      DATA_REFRESH_INTERVAL_HOURS: '0.0005',
      REPLAY_MODE: 'off',
    });
    a = await createTestApp('postgres', env('a'));
    await recordShippedFiles(a.database);
    b = secondNode(a.database.url, env('b'));
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.services.ingest.stop(), b?.services.ingest.stop()]);
    await b?.close();
    await a?.close();
    await upstream?.close();
  });

  it('only the ingest leader refreshes, on its schedule', async () => {
    a.services.ingest.start();
    b.services.ingest.start();
    const runs = async () =>
      (await a.database.handle.db.selectFrom('import_run').select('id').where('step', '=', DATA_REFRESH_STEP).execute())
        .length;
    const deadline = Date.now() + 30_000;
    while ((await runs()) < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await runs()).toBeGreaterThanOrEqual(2);
    const leaders = [a, b].map((node) => node.services.ingest.isLeader());
    expect(leaders.filter(Boolean)).toHaveLength(1);
    const leader = leaders[0] ? 'a' : 'b';
    expect(upstream.requests.length).toBeGreaterThan(0);
    expect(upstream.requests.filter((url) => !url.startsWith(`/${leader}/`))).toEqual([]);
    // Every node's health reads the same record.
    for (const node of [a, b]) {
      const status = (await (await node.app.request('/api/health')).json()) as Health;
      expect(status.dataRefresh).toMatchObject({ outcome: 'unchanged' });
      expect(status.dataRefreshedAt).not.toBeNull();
    }
  }, 60_000);
});
