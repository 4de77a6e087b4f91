// First start of an empty database (issue #3): import the shipped data when
// DATA_DIR has it; otherwise try to fetch the public openfootball files; and
// when even that fails (no network), generate a small, labelled synthetic season.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from '../client.ts';
import { fetchOpenfootball } from './data-fetch.ts';
import { runSeed } from './run-seed.ts';
import type { SeedStep } from './seed-kit.ts';
import { SEED_STEPS, SOURCE_FOLDERS } from './steps.ts';
import { syntheticStep } from './synthetic/synthetic-step.ts';
import { teamIdentityStep } from './team-identity/team-identity-step.ts';

export type FirstStartOutcome = 'already-seeded' | 'imported' | 'fetched-and-imported' | 'synthetic';

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
  if (existing) return 'already-seeded';

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
