// The data refresh (issue #19) against a local stand-in for raw.githubusercontent.com serving real
// openfootball files from DATA_DIR (never the internet), on SQLite and PostgreSQL: a file changed upstream
// is imported and nothing else is, the same checksums import nothing, and a network that is not there, a
// file that cannot be imported or a file upstream no longer has change nothing.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAGUE_FILE,
  hasOpenfootballData,
  startOpenfootballUpstream,
  type OpenfootballUpstream,
} from '../../tests/helpers/openfootball-upstream.ts';
import { TEST_ENGINES, createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { toIsoString } from '../client.ts';
import { sha256 } from './data-fetch.ts';
import { DATA_REFRESH_STEP, readDataRefreshStatus, refreshOpenfootball } from './data-refresh.ts';
import { readImportedFiles } from './openfootball/imported-files.ts';
import { openfootballStep } from './openfootball/openfootball-step.ts';
import { runSeed } from './run-seed.ts';
import { teamIdentityStep } from './team-identity/team-identity-step.ts';

const LEAGUE = LEAGUE_FILE;

interface SourceMatch {
  date: string;
  team1: string;
  team2: string;
  score?: { ft?: [number, number] };
}

describe.skipIf(!hasOpenfootballData).each(TEST_ENGINES)('the data refresh on %s', (engine) => {
  let database: TestDatabase;
  let upstream: OpenfootballUpstream;
  let original: { matches: SourceMatch[] };

  const refresh = (options: Parameters<typeof refreshOpenfootball>[1] = {}) =>
    refreshOpenfootball(database.handle, {
      baseUrl: upstream.baseUrl,
      manifest: upstream.manifest,
      timeoutMs: 5000,
      fallbackDir: upstream.shipped,
      ...options,
    });

  async function matchOf(home: string, away: string, date: string) {
    return database.handle.db
      .selectFrom('match as m')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .innerJoin('team as a', 'a.id', 'm.away_team_id')
      .innerJoin('team_alias as ha', 'ha.team_id', 'h.id')
      .innerJoin('team_alias as aa', 'aa.team_id', 'a.id')
      .select(['m.id', 'm.status', 'm.home_score', 'm.away_score', 'm.updated_at', 'm.kickoff_at'])
      .where('ha.alias', '=', home)
      .where('aa.alias', '=', away)
      .where('m.kickoff_at', '>=', `${date}T00:00:00.000Z`)
      .where('m.kickoff_at', '<', `${date}T23:59:59.999Z`)
      .executeTakeFirstOrThrow();
  }

  /** Everything an import could have changed, to compare before and after. */
  async function snapshot() {
    const { db } = database.handle;
    const matches = await db
      .selectFrom('match')
      .select(['id', 'status', 'home_score', 'away_score', 'updated_at'])
      .orderBy('id')
      .execute();
    const teams = await db.selectFrom('team').select(['id', 'name', 'code']).orderBy('id').execute();
    return {
      matches: matches.map((row) => ({ ...row, updated_at: toIsoString(row.updated_at) })),
      teams,
      files: Object.fromEntries(await readImportedFiles(db)),
    };
  }

  beforeAll(async () => {
    upstream = await startOpenfootballUpstream();
    original = JSON.parse(upstream.read(LEAGUE).toString('utf8')) as { matches: SourceMatch[] };
    database = await createTestDatabase(engine);
    // What `npm run db:seed` made of the shipped (pinned) files.
    await runSeed(database.handle, [openfootballStep, teamIdentityStep], { dataDir: upstream.shipped });
  }, 120_000);

  afterAll(async () => {
    await upstream?.close();
    await database?.destroy();
  });

  it('the import recorded the checksum of every file it read', async () => {
    const files = await readImportedFiles(database.handle.db);
    for (const file of upstream.manifest.files) expect(files.get(`${file.repository}/${file.path}`)).toBe(file.sha256);
  });

  it('imports nothing when every checksum is the same, and says when data was last refreshed', async () => {
    const before = await snapshot();
    const asked = upstream.requests.length;
    expect(await refresh()).toEqual({ outcome: 'unchanged', files: upstream.manifest.files.length });
    expect(upstream.requests.length - asked).toBe(upstream.manifest.files.length);
    expect(await snapshot()).toEqual(before);
    const status = await readDataRefreshStatus(database.handle.db);
    expect(status.lastAttempt?.outcome).toBe('unchanged');
    expect(status.refreshedAt).toBe(status.lastAttempt?.at);
  });

  it('imports a file that changed upstream, and only its season', async () => {
    const unplayed = original.matches.filter((match) => !match.score?.ft);
    const [first, second] = unplayed;
    if (!first || !second) throw new Error('at.1 2025-26 has no unplayed match left');
    const before = await matchOf(first.team1, first.team2, first.date);
    expect(before.status).toBe('scheduled');
    // A match the live pipeline finished while the file still lists it unplayed keeps its result.
    const liveFinished = await matchOf(second.team1, second.team2, second.date);
    await database.handle.db
      .updateTable('match')
      .set({ status: 'finished', home_score: 0, away_score: 3 })
      .where('id', '=', liveFinished.id)
      .execute();
    const changed = structuredClone(original);
    const target = changed.matches.find((match) => match.date === first.date && match.team1 === first.team1);
    if (!target) throw new Error('match not found');
    target.score = { ft: [2, 1] };
    upstream.publish(LEAGUE, JSON.stringify(changed, null, 2));

    const result = await refresh();
    expect(result).toMatchObject({ outcome: 'imported', changed: [LEAGUE], counts: { seasons: 1, matchesUpdated: 1 } });
    expect(await matchOf(first.team1, first.team2, first.date)).toMatchObject({
      status: 'finished',
      home_score: 2,
      away_score: 1,
    });
    expect(await matchOf(second.team1, second.team2, second.date)).toMatchObject({
      status: 'finished',
      home_score: 0,
      away_score: 3,
    });
    expect((await readImportedFiles(database.handle.db)).get(LEAGUE)).toBe(sha256(upstream.read(LEAGUE)));
    expect((await readDataRefreshStatus(database.handle.db)).lastAttempt?.outcome).toBe('imported');

    // Now the database holds what upstream has.
    expect(await refresh()).toMatchObject({ outcome: 'unchanged' });
  });

  it('changes nothing without a network, and reports the failed attempt', async () => {
    const before = await snapshot();
    const { refreshedAt } = await readDataRefreshStatus(database.handle.db);
    const result = await refresh({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 });
    expect(result).toMatchObject({ outcome: 'failed', stage: 'fetch' });
    expect(await snapshot()).toEqual(before);
    const status = await readDataRefreshStatus(database.handle.db);
    expect(status.lastAttempt?.outcome).toBe('failed');
    expect(status.refreshedAt).toBe(refreshedAt);
  });

  it('imports nothing of a file that cannot be imported: the whole refresh rolls back', async () => {
    const before = await snapshot();
    const good = upstream.read(LEAGUE);
    upstream.publish(LEAGUE, '{ "matches": [ { "date": "2025-08-01" } ] }');
    // The clubs directory changes too: a full import, which fails on the league file and leaves nothing behind.
    const clubs = 'clubs/europe/england/eng.clubs.txt';
    const clubsText = upstream.read(clubs);
    upstream.publish(clubs, `${clubsText.toString('utf8')}\nNew Town FC, 2025, Newtown\n`);
    try {
      expect(await refresh()).toMatchObject({ outcome: 'failed', stage: 'import' });
      expect(await snapshot()).toEqual(before);
    } finally {
      upstream.publish(LEAGUE, good);
      upstream.publish(clubs, clubsText);
    }
  });

  it('takes a file upstream no longer has from DATA_DIR when it is the version imported, else imports nothing', async () => {
    const licence = 'football.json/LICENSE.md';
    const text = upstream.read(licence);
    upstream.remove(licence);
    try {
      expect(await refresh()).toMatchObject({ outcome: 'unchanged' });
      const before = await snapshot();
      const result = await refresh({ fallbackDir: path.join(upstream.shipped, 'nowhere') });
      expect(result).toMatchObject({ outcome: 'failed', stage: 'fetch' });
      expect(result.outcome === 'failed' && result.error).toMatch(/no longer has football\.json\/LICENSE\.md/);
      expect(await snapshot()).toEqual(before);
    } finally {
      upstream.publish(licence, text);
    }
  });

  it('compares a database imported before checksums were recorded with the pinned manifest', async () => {
    await database.handle.db.deleteFrom('data_file').execute();
    // Upstream's league file is still the changed one: only it differs from the pinned checksums.
    const result = await refresh();
    expect(result).toMatchObject({ outcome: 'imported', changed: [LEAGUE], counts: { seasons: 1, matchesUpdated: 0 } });
    expect((await readImportedFiles(database.handle.db)).size).toBe(upstream.manifest.files.length);
  });

  it('never seeds an empty database (AUTO_SEED=0 means no): it waits for an import', async () => {
    const empty = await createTestDatabase(engine);
    try {
      const asked = upstream.requests.length;
      expect(
        await refreshOpenfootball(empty.handle, { baseUrl: upstream.baseUrl, manifest: upstream.manifest }),
      ).toEqual({
        outcome: 'busy',
      });
      expect(upstream.requests.length).toBe(asked);
      expect(await empty.handle.db.selectFrom('import_run').select('id').execute()).toEqual([]);
    } finally {
      await empty.destroy();
    }
  });

  it('records every attempt as an import run', async () => {
    const runs = await database.handle.db
      .selectFrom('import_run')
      .select(['status'])
      .where('step', '=', DATA_REFRESH_STEP)
      .orderBy('id')
      .execute();
    expect(runs.map((run) => run.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'failed',
      'failed',
      'succeeded',
      'failed',
      'succeeded',
    ]);
  });
});
