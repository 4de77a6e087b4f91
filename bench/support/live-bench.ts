// The world the live-delivery and resume-storm benchmarks play in: a fresh
// SQLite file in a temporary folder, migrated, with the competition, season and
// two teams the bench server's publisher builds its goal snapshots for, and
// that server (bench/live-sse-server.ts) started on it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { ensureCompetition, ensureSeason } from '../../db/seed/seed-kit.ts';
import { saveRef } from '../../db/source-refs.ts';
import { insertTeam } from '../../db/teams.ts';
import { findCompetitionDefinition } from '../../domain/competitions.ts';
import {
  BENCH_COMPETITION,
  BENCH_PROVIDER,
  BENCH_SEASON,
  BENCH_TEAMS,
  serverReplySchema,
  type ServerCommand,
  type ServerReply,
} from '../live-sse-protocol.ts';
import { startServerProcess, type ServerProcess } from './node-process.ts';

/** Creates the database under a new temporary folder `prefix…`; the caller removes `dir` at the end. */
export async function createLiveBenchDatabase(prefix: string): Promise<{ dir: string; databaseUrl: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const databaseUrl = `file:${path.join(dir, 'bench.db')}`;
  const handle = openDatabase(databaseUrl);
  await migrateToLatest(handle);
  const definition = findCompetitionDefinition(BENCH_COMPETITION);
  if (!definition) throw new Error(`${BENCH_COMPETITION} is not in the competition catalogue`);
  const competitionId = await ensureCompetition(handle.db, definition);
  await ensureSeason(handle.db, {
    competitionId,
    code: BENCH_SEASON,
    name: 'Bench season',
    startDate: '2026-08-01',
    endDate: '2027-05-31',
    complete: false,
  });
  for (const team of BENCH_TEAMS) {
    const id = await insertTeam(handle.db, { name: team.name, kind: 'club' });
    await saveRef(handle.db, BENCH_PROVIDER, 'team', team.externalId, id);
  }
  await handle.close();
  return { dir, databaseUrl };
}

/**
 * Starts bench/live-sse-server.ts on the bench database: production mode, no replay, no seeding,
 * no data refresh from GitHub while measuring (issue #19), room for `maxConnections` streams from
 * 127.0.0.1; `cpuProfile` writes its profile into var/bench-profiles/.
 */
export function startLiveBenchServer(options: {
  databaseUrl: string;
  maxConnections: number;
  cpuProfile: boolean;
}): Promise<ServerProcess<ServerCommand, ServerReply>> {
  return startServerProcess<ServerCommand, ServerReply>({
    file: 'bench/live-sse-server.ts',
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      PORT: '0',
      ROLE: 'all',
      REPLAY_MODE: 'off',
      AUTO_SEED: '0',
      DATA_REFRESH_INTERVAL_HOURS: '0',
      LOG_LEVEL: 'warn',
      LIVE_MAX_CONNECTIONS_PER_IP: String(options.maxConnections),
    },
    parse: (raw) => serverReplySchema.parse(raw),
    cpuProfile: options.cpuProfile,
  });
}
