// GET /api/matches/{id}/odds and /win-probability (issue #24; docs/odds.md): a model's odds, labelled as
// such — Scoreline takes no bets and links to no bookmaker. The football routes' short shared caching and
// ETag apply (`/matches/*`, server/modules/football/football.routes.ts). Unknown match: 404 not_found; the
// model has no basis for it: 404 odds_unavailable; staff switched odds off: 404 odds_disabled.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { matchOddsSchema, winProbabilitySchema } from '../../../domain/odds-contracts.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import { OddsDisabledError, OddsUnavailableError, type OddsService } from './odds.service.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const params = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,11}$/, 'must be a positive whole number')
    .transform(Number),
});

const errors = {
  400: json(errorBodySchema, 'Invalid input, naming the field'),
  404: json(
    errorBodySchema,
    'not_found: no such match; odds_unavailable: the model has no basis for this match (too few results of its competition before its kick-off day, or a cup team it knows too little of); odds_disabled: odds are switched off on this site',
  ),
};

const oddsRoute = createRoute({
  method: 'get',
  path: '/matches/{id}/odds',
  tags: ['Odds'],
  summary: "A match's model odds: pre-match, and in play while it is played (settled at full time)",
  description:
    'Model odds, not a bookmaker\'s offer: the probabilities of a Dixon–Coles team-strength model fitted on the stored results of the match\'s competition, each with its decimal price (1 / p with the site\'s margin, fair when the margin is 0). Walk-forward, no peeking: the pre-match markets of a played match come from a fit on the results dated before its kick-off day (`model.trainedUntil` names the last day), so any past match can be audited. `live` is null before kick-off, the in-play markets from the minute, score and red cards while the match is played, and every market settled to the outcome (probability 1) once it is over. Markets: `1x2`, `two_way` (home or away win with the draw excluded: draw no bet), `odd_even` (total goals), `last_team_to_score` (home, away or none), `over_under_2_5`, `btts` and `correct_score` ("home-away", the rest in "other"); each sums to 1 within 1e-9.',
  request: { params },
  responses: { 200: json(matchOddsSchema, "The match's odds"), ...errors },
});

const winProbabilityRoute = createRoute({
  method: 'get',
  path: '/matches/{id}/win-probability',
  tags: ['Odds'],
  summary: 'Home, draw and away probabilities minute by minute over a match, goals and red cards marked',
  description:
    "One point a minute from kick-off to the minute played (the whole match once it is over, the last point settled), from the model's pre-match odds and the match's goals and red cards; a point where one happened carries `mark`. Before kick-off: the pre-match point alone. A finished match without its events has no course to draw: no points.",
  request: { params },
  responses: { 200: json(winProbabilitySchema, 'The points of the graph'), ...errors },
});

/** The odds errors as the API answers them; anything else goes on to the app's error handler. */
function oddsError(c: Context, error: unknown) {
  if (error instanceof OddsDisabledError || error instanceof OddsUnavailableError) {
    return c.json(errorBody(error.code, error.message), 404);
  }
  throw error;
}

export function oddsRoutes(odds: OddsService, app: OpenAPIHono) {
  app.openapi(oddsRoute, async (c) => {
    try {
      return c.json(await odds.forMatch(c.req.valid('param').id), 200);
    } catch (error) {
      return oddsError(c, error);
    }
  });
  app.openapi(winProbabilityRoute, async (c) => {
    try {
      return c.json(await odds.winProbability(c.req.valid('param').id), 200);
    } catch (error) {
      return oddsError(c, error);
    }
  });
}
