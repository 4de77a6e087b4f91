// Every import step `npm run db:seed` runs, in order (STYLE.md: an explicit
// list, no folder scanning). openfootball comes first: it creates the teams,
// with their aliases, that later sources are matched against.
import { adjustmentsStep } from './adjustments/adjustments-step.ts';
import { fjelstulStep } from './fjelstul/fjelstul-step.ts';
import { openfootballStep } from './openfootball/openfootball-step.ts';
import type { SeedStep } from './seed-kit.ts';
import { teamIdentityStep } from './team-identity/team-identity-step.ts';
import { wyscoutStep } from './wyscout/wyscout-step.ts';

// The Fjelstul World Cup step (CC BY-SA 4.0) is its own entry, kept apart for its licence; it runs
// last so that it meets the World Cup 2014–2022 matches openfootball and Wyscout stored (fjelstul/README.md).
// team-identity comes after every importer: it works out each team's short name, badge code and colours
// from all of them (issue #19), so re-running the seed brings an existing database up to date.
export const SEED_STEPS: SeedStep[] = [openfootballStep, adjustmentsStep, wyscoutStep, fjelstulStep, teamIdentityStep];

/** The folder under DATA_DIR each step reads; a step whose folder is absent is skipped on first start (auto-seed.ts). */
export const SOURCE_FOLDERS: Readonly<Record<string, string>> = {
  openfootball: 'openfootball',
  adjustments: 'openfootball',
  wyscout: 'wyscout',
  fjelstul: 'fjelstul-worldcup',
};
