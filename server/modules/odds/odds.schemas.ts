// The odds module's own shapes (issue #24): the site-wide settings staff change in the CMS (scope cms:odds).
// The public API's shapes are the shared contracts in domain/odds-contracts.ts.
import { z } from 'zod';

/** Largest margin staff may set: 25 % overround. */
export const MAX_MARGIN = 0.25;

export const oddsSettingsViewSchema = z.object({
  /** False: every odds panel is hidden and the odds API answers 404 odds_disabled. */
  enabled: z.boolean(),
  /** The margin on prices in effect, as a fraction (0.05 = 5 %); 0 = fair odds. */
  margin: z.number().min(0).max(MAX_MARGIN),
  /** The environment's margin (ODDS_MARGIN), what `margin: null` goes back to. */
  defaultMargin: z.number().min(0).max(MAX_MARGIN),
  /** True when staff set the margin (not the environment's). */
  marginOverridden: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type OddsSettingsView = z.infer<typeof oddsSettingsViewSchema>;

export const oddsSettingsChangeSchema = z
  .object({
    enabled: z.boolean({ error: 'must be true or false' }).optional(),
    margin: z
      .number({ error: 'must be a number such as 0.05 (5 %)' })
      .min(0, 'must not be negative')
      .max(MAX_MARGIN, `must be at most ${MAX_MARGIN} (${MAX_MARGIN * 100} %)`)
      .nullable()
      .optional()
      .describe("The margin as a fraction (0.05 = 5 %); null: the environment's ODDS_MARGIN"),
  })
  .strict();
export type OddsSettingsChange = z.infer<typeof oddsSettingsChangeSchema>;
