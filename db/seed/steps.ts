// Every import step `npm run db:seed` runs, in order (STYLE.md: an explicit
// list, no folder scanning). openfootball comes first: it creates the teams,
// with their aliases, that later sources are matched against.
import { adjustmentsStep } from './adjustments/adjustments-step.ts';
import { openfootballStep } from './openfootball/openfootball-step.ts';
import type { SeedStep } from './seed-kit.ts';
import { wyscoutStep } from './wyscout/wyscout-step.ts';

// The Fjelstul World Cup step (CC BY-SA 4.0) will be its own entry here, kept apart for its licence.
export const SEED_STEPS: SeedStep[] = [openfootballStep, adjustmentsStep, wyscoutStep];

/** The folder under DATA_DIR each step reads; a step whose folder is absent is skipped on first start (auto-seed.ts). */
export const SOURCE_FOLDERS: Readonly<Record<string, string>> = {
  openfootball: 'openfootball',
  adjustments: 'openfootball',
  wyscout: 'wyscout',
};
