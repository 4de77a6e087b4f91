// First start of an empty database (issue #3): import the shipped data when
// DATA_DIR has it; otherwise try to fetch the public openfootball files; and
// when even that fails (no network), generate a small, labelled synthetic season.
// A database seeded before is left as it is, except that the team-identity step
// (short names, badge codes, colours: issue #19) runs when no run of it has seen
// the latest import, so an upgraded install shows them without `npm run db:seed`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from '../client.ts';
import { fetchOpenfootball } from './data-fetch.ts';
import { runSeed } from './run-seed.ts';
import type { SeedStep } from './seed-kit.ts';
import { SEED_STEPS, SOURCE_FOLDERS } from './steps.ts';
import { syntheticStep } from './synthetic/synthetic-step.ts';
import { teamIdentityStep } from './team-identity/team-identity-step.ts';

export type FirstStartOutcome =
  | 'already-seeded'
  | 'identity-updated'
  | 'imported'
  | 'fetched-and-imported'
  | 'synthetic';

/** The steps that store teams: after one of them, team-identity has work to do. */
const TEAM_WRITING_STEPS = [...SEED_STEPS, syntheticStep]
  .map((step) => step.name)
  .filter((name) => name !== teamIdentityStep.name && name !== 'adjustments');

/**
 * Whether the team-identity step has not run since the last import that stored teams (or never ran):
 * true for a database seeded before the step existed.
 */
export async function isTeamIdentityStale(handle: DatabaseHandle): Promise<boolean> {
  const latest = async (steps: readonly string[]) =>
    (
      await handle.db
        .selectFrom('import_run')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('status', '=', 'succeeded')
        .where('step', 'in', steps)
        .executeTakeFirst()
    )?.id ?? null;
  const [imported, identity] = await Promise.all([latest(TEAM_WRITING_STEPS), latest([teamIdentityStep.name])]);
  return imported !== null && (identity === null || Number(identity) < Number(imported));
}

export interface FirstStartOptions {
  dataDir: string | undefined;
  /** Where fetched files go when there is no data folder (var/data). */
  fetchDir: string;
  log: (message: string) => void;
  fetchTimeoutMs?: number;
  fetchBaseUrl?: string;
  steps?: readonly SeedStep[];
}

/** The steps whose source folder exists under dataDir. */
export function availableSteps(dataDir: string, steps: readonly SeedStep[] = SEED_STEPS): SeedStep[] {
  return steps.filter((step) => {
    const folder = SOURCE_FOLDERS[step.name];
    return folder === undefined || existsSync(path.join(dataDir, folder));
  });
}

export async function seedOnFirstStart(handle: DatabaseHandle, options: FirstStartOptions): Promise<FirstStartOutcome> {
  const existing = await handle.db.selectFrom('competition').select('id').limit(1).executeTakeFirst();
  if (existing) {
    if (!(await isTeamIdentityStale(handle))) return 'already-seeded';
    options.log('Working out team short names, badge codes and colours (a seed step this database has not had)');
    // Its one input on disk, the openfootball clubs directory, is read where the data is; without it the curated names still apply.
    const dataDir = options.dataDir && existsSync(options.dataDir) ? options.dataDir : options.fetchDir;
    await runSeed(handle, [teamIdentityStep], { dataDir, log: options.log });
    return 'identity-updated';
  }

  if (options.dataDir && existsSync(options.dataDir)) {
    const steps = availableSteps(options.dataDir, options.steps);
    if (steps.length > 0) {
      options.log(`Importing football data from ${options.dataDir}: ${steps.map((step) => step.name).join(', ')}`);
      await runSeed(handle, steps, { dataDir: options.dataDir, log: options.log });
      return 'imported';
    }
  }

  try {
    options.log('No football data found; fetching the public openfootball files');
    await fetchOpenfootball({ targetDir: options.fetchDir, timeoutMs: options.fetchTimeoutMs ?? 10_000, baseUrl: options.fetchBaseUrl });
    await runSeed(handle, availableSteps(options.fetchDir, options.steps), { dataDir: options.fetchDir, log: options.log });
    return 'fetched-and-imported';
  } catch (error) {
    options.log(`Could not fetch data (${error instanceof Error ? error.message : String(error)}); generating a synthetic season`);
    // team-identity gives the synthetic teams season-unique badge codes, as it does imported ones.
    await runSeed(handle, [syntheticStep, teamIdentityStep], { dataDir: options.fetchDir, log: options.log });
    return 'synthetic';
  }
}
