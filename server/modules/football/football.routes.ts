// GET-only football API (issue #3). Inputs are validated by zod (400 naming
// the field), unknown ids and codes are 404, and every answer carries an ETag
// and a short shared cache lifetime with stale-while-revalidate.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { z } from 'zod';
import {
  competitionSchema,
  headToHeadSchema,
  lineupsSchema,
  matchEventSchema,
  matchSummarySchema,
  playerStatsSchema,
  searchResultSchema,
  seasonSchema,
  standingsSchema,
  teamSchema,
  teamStatsSchema,
  topScorersSchema,
} from '../../../domain/football-contracts.ts';
import { chalkboardSchema } from '../../../domain/chalkboard.ts';
import { keyMomentsSchema } from '../../../domain/key-moments.ts';
import { commentaryLineSchema } from '../../../domain/live-contracts.ts';
import { matchStatusSchema } from '../../../domain/match-schemas.ts';
import { isPlainLine } from '../../../domain/text.ts';
import { SERVED_YEARS, isServedDate, isValidTimeZone } from '../../../domain/time-zones.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import { NotFoundError, type FootballService } from './football.service.ts';

const CACHE_CONTROL = 'public, max-age=15, stale-while-revalidate=60';

const codeSchema = z.string().regex(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/, 'must be a competition code such as en.1').max(40);
const seasonCodeSchema = z.string().regex(/^\d{4}(?:-\d{2})?$/, 'must be a season such as 2023-24 or 2026');
const idSchema = z.string().regex(/^[1-9]\d{0,11}$/, 'must be a positive whole number').transform(Number);
// The years the pages' ?date= accepts too (app/features/match-list/dates.ts).
const dateSchema = z
  .string()
  .refine(isServedDate, `must be a real date as YYYY-MM-DD, from ${SERVED_YEARS.from} to ${SERVED_YEARS.to}`);
const timeZoneSchema = z.string().refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London');

const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const errors = {
  400: json(errorBodySchema, 'Invalid input, naming the field'),
  404: json(errorBodySchema, 'Unknown id or code'),
};

const competitionParams = z.object({ code: codeSchema });
const seasonParams = competitionParams.extend({ season: seasonCodeSchema });
const idParams = z.object({ id: idSchema });

const routes = {
  competitions: createRoute({
    method: 'get',
    path: '/competitions',
    summary: 'Every competition with its current season',
    responses: { 200: json(z.object({ competitions: z.array(competitionSchema) })), ...errors },
  }),
  competition: createRoute({
    method: 'get',
    path: '/competitions/{code}',
    summary: 'One competition and its seasons',
    request: { params: competitionParams },
    responses: { 200: json(competitionSchema.extend({ seasons: z.array(seasonSchema) })), ...errors },
  }),
  seasons: createRoute({
    method: 'get',
    path: '/competitions/{code}/seasons',
    summary: 'Seasons of a competition, newest first',
    request: { params: competitionParams },
    responses: { 200: json(z.object({ seasons: z.array(seasonSchema) })), ...errors },
  }),
  standings: createRoute({
    method: 'get',
    path: '/competitions/{code}/seasons/{season}/standings',
    summary:
      'The table: overall, home or away, optionally as it stood at the end of a date, or as it stands with live matches (live=1); phase= picks another of the season\'s tables (a split group such as championship, a cup\'s group such as group-a), listed in `phases`; replay={id} gives the table as it stood when a demo replay\'s match kicked off, with the replay\'s score as it stands',
    request: {
      params: seasonParams,
      query: z.object({
        asOf: dateSchema.optional(),
        view: z.enum(['overall', 'home', 'away']).optional(),
        live: z.enum(['0', '1']).optional(),
        phase: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a table code from `phases`, such as championship').max(60).optional(),
        replay: idSchema.optional(),
      }),
    },
    responses: { 200: json(standingsSchema), ...errors },
  }),
  scorers: createRoute({
    method: 'get',
    path: '/competitions/{code}/seasons/{season}/scorers',
    summary: 'Top scorers, where the data names scorers (ranks shared on equal goals)',
    request: { params: seasonParams, query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }) },
    responses: { 200: json(topScorersSchema), ...errors },
  }),
  seasonMatches: createRoute({
    method: 'get',
    path: '/competitions/{code}/seasons/{season}/matches',
    summary: 'Matches of a season, filtered by round, team or status',
    request: {
      params: seasonParams,
      query: z.object({
        // No control characters: PostgreSQL refuses NUL in a text value (a 500; found by server/fuzz.test.ts).
        round: z.string().max(100).refine(isPlainLine, 'must be a round name such as Matchday 1').optional(),
        team: idSchema.optional(),
        status: matchStatusSchema.optional(),
      }),
    },
    responses: { 200: json(z.object({ matches: z.array(matchSummarySchema) })), ...errors },
  }),
  matchesOnDay: createRoute({
    method: 'get',
    path: '/matches',
    summary: "Every match on a day in the visitor's time zone (UTC when tz is absent)",
    request: { query: z.object({ date: dateSchema, tz: timeZoneSchema.optional() }) },
    responses: { 200: json(z.object({ date: z.string(), timeZone: z.string(), matches: z.array(matchSummarySchema) })), ...errors },
  }),
  match: createRoute({
    method: 'get',
    path: '/matches/{id}',
    summary: 'One match',
    request: { params: idParams },
    responses: { 200: json(matchSummarySchema), ...errors },
  }),
  matchEvents: createRoute({
    method: 'get',
    path: '/matches/{id}/events',
    summary: 'Goals, cards, substitutions and period changes',
    request: { params: idParams },
    responses: { 200: json(z.object({ events: z.array(matchEventSchema) })), ...errors },
  }),
  matchCommentary: createRoute({
    method: 'get',
    path: '/matches/{id}/commentary',
    summary: 'Commentary generated from the match events, in order',
    request: { params: idParams },
    responses: { 200: json(z.object({ commentary: z.array(commentaryLineSchema) })), ...errors },
  }),
  matchLineups: createRoute({
    method: 'get',
    path: '/matches/{id}/lineups',
    summary: 'Line-ups with formation',
    request: { params: idParams },
    responses: { 200: json(lineupsSchema), ...errors },
  }),
  matchChalkboard: createRoute({
    method: 'get',
    path: '/matches/{id}/chalkboard',
    summary: 'Shot map and one player’s passes (player=id) from the on-ball actions; a replay shows its original up to the point reached',
    request: { params: idParams, query: z.object({ player: idSchema.optional() }) },
    responses: { 200: json(chalkboardSchema), ...errors },
  }),
  matchKeyMoments: createRoute({
    method: 'get',
    path: '/matches/{id}/key-moments',
    summary: 'A match’s goals and big chances with the actions that led to each',
    description:
      'For the key-moment replay: every goal and big chance in match order, each with the chain of the same team’s actions before it (at most 8, within 25 s) as coordinates 0–100 in that team’s attacking direction, the players’ names and the score once it happened. A match without event data answers hasActions false and no moments; a replay in progress only what its clock has reached.',
    request: { params: idParams },
    responses: { 200: json(keyMomentsSchema), ...errors },
  }),
  matchStats: createRoute({
    method: 'get',
    path: '/matches/{id}/stats',
    summary: 'Team and player statistics',
    request: { params: idParams },
    responses: { 200: json(z.object({ teams: z.array(teamStatsSchema), players: z.array(playerStatsSchema) })), ...errors },
  }),
  team: createRoute({
    method: 'get',
    path: '/teams/{id}',
    summary: 'One team',
    request: { params: idParams },
    responses: { 200: json(teamSchema), ...errors },
  }),
  teamMatches: createRoute({
    method: 'get',
    path: '/teams/{id}/matches',
    summary: "A team's matches, newest first",
    request: { params: idParams, query: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }) },
    responses: { 200: json(z.object({ matches: z.array(matchSummarySchema) })), ...errors },
  }),
  headToHead: createRoute({
    method: 'get',
    path: '/h2h',
    summary: 'Head-to-head record and meetings of two teams',
    request: {
      query: z.object({
        teams: z
          .string()
          .regex(/^[1-9]\d{0,11},[1-9]\d{0,11}$/, 'must be two team ids separated by a comma')
          .refine((value) => new Set(value.split(',')).size === 2, 'must name two different teams'),
      }),
    },
    responses: { 200: json(headToHeadSchema), ...errors },
  }),
  search: createRoute({
    method: 'get',
    path: '/search',
    summary: 'Teams, competitions, players and matches ("arsenal v chelsea 2018") by name, nickname or abbreviation; accent-, case- and typo-tolerant; most important first',
    request: { query: z.object({ q: z.string().trim().min(1, 'must not be empty').max(100) }) },
    responses: { 200: json(searchResultSchema), ...errors },
  }),
};

/**
 * Short shared caching for every read: browsers and proxies revalidate with the ETag. A route under these
 * paths that says how it may be cached keeps its own (the chat's history and room under /matches/{id}/chat
 * are "no-cache": a deleted message or a closed room must not be served from a cache).
 */
export const cacheHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.method === 'GET' && (c.res.status === 200 || c.res.status === 304) && !c.res.headers.has('Cache-Control'))
    c.header('Cache-Control', CACHE_CONTROL);
};

export function footballRoutes(football: FootballService, app: OpenAPIHono) {
  for (const path of ['/competitions', '/competitions/*', '/matches', '/matches/*', '/teams/*', '/h2h', '/search']) {
    app.use(path, cacheHeaders, etag());
  }

  app.openapi(routes.competitions, async (c) => c.json({ competitions: await football.listCompetitions() }, 200));
  app.openapi(routes.competition, async (c) => c.json(await football.getCompetition(c.req.valid('param').code), 200));
  app.openapi(routes.seasons, async (c) => c.json({ seasons: await football.listSeasons(c.req.valid('param').code) }, 200));
  app.openapi(routes.standings, async (c) => {
    const { code, season } = c.req.valid('param');
    const { asOf, view, live, phase, replay } = c.req.valid('query');
    return c.json(await football.getStandings({ code, season, asOf, view, live: live === '1', phase, replay }), 200);
  });
  app.openapi(routes.scorers, async (c) => {
    const { code, season } = c.req.valid('param');
    return c.json(await football.getTopScorers(code, season, c.req.valid('query').limit), 200);
  });
  app.openapi(routes.seasonMatches, async (c) => {
    const { code, season } = c.req.valid('param');
    const { round, team, status } = c.req.valid('query');
    return c.json({ matches: await football.listSeasonMatches(code, season, { round, teamId: team, status }) }, 200);
  });
  app.openapi(routes.matchesOnDay, async (c) => {
    const { date, tz } = c.req.valid('query');
    const timeZone = tz ?? 'UTC';
    return c.json({ date, timeZone, matches: await football.listMatchesOnDay(date, timeZone) }, 200);
  });
  app.openapi(routes.match, async (c) => c.json(await football.getMatch(c.req.valid('param').id), 200));
  app.openapi(routes.matchEvents, async (c) => c.json({ events: await football.listMatchEvents(c.req.valid('param').id) }, 200));
  app.openapi(routes.matchCommentary, async (c) => c.json({ commentary: await football.listCommentary(c.req.valid('param').id) }, 200));
  app.openapi(routes.matchLineups, async (c) => c.json(await football.getLineups(c.req.valid('param').id), 200));
  app.openapi(routes.matchChalkboard, async (c) => c.json(await football.getChalkboard(c.req.valid('param').id, { playerId: c.req.valid('query').player }), 200));
  app.openapi(routes.matchKeyMoments, async (c) => c.json(await football.getKeyMoments(c.req.valid('param').id), 200));
  app.openapi(routes.matchStats, async (c) => c.json(await football.getStats(c.req.valid('param').id), 200));
  app.openapi(routes.team, async (c) => c.json(await football.getTeam(c.req.valid('param').id), 200));
  app.openapi(routes.teamMatches, async (c) =>
    c.json({ matches: await football.listTeamMatches(c.req.valid('param').id, { limit: c.req.valid('query').limit ?? 100, order: 'desc' }) }, 200),
  );
  app.openapi(routes.headToHead, async (c) => {
    const [first = 0, second = 0] = c.req.valid('query').teams.split(',').map(Number);
    return c.json(await football.getHeadToHead(first, second), 200);
  });
  app.openapi(routes.search, async (c) => c.json(await football.search(c.req.valid('query').q), 200));
}

/** Maps the service's NotFoundError to the API's 404 body; other errors pass on. */
export function footballErrorResponse(error: unknown): Response | undefined {
  if (error instanceof NotFoundError) return Response.json(errorBody('not_found', error.message), { status: 404 });
  return undefined;
}
