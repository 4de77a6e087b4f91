// The media API (issue #22; docs/media.md), described in /api/openapi.json: the published catalogue and
// one video for everyone; a playable URL for whoever may play the video (premium: `premium_media`); the
// signed-in user's playback position per video.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  mediaItemSchema,
  mediaListSchema,
  mediaQuerySchema,
  playAnswerSchema,
  playbackPositionSchema,
  savePositionSchema,
} from '../../../domain/media-contracts.ts';
import type { SessionService } from '../auth/auth.session.ts';
import { clientAddress } from '../../platform/client-address.ts';
import type { Config } from '../../platform/config.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import { videoIdParamSchema } from './media.schemas.ts';
import type { MediaService } from './media.service.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const error = (description: string) => json(errorBodySchema, description);
const UNAUTHENTICATED = errorBody('unauthenticated', 'Sign in to continue');
const NOT_FOUND = errorBody('not_found', 'No such video');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/media',
    summary: 'The published video catalogue, newest first, filtered by kind, match, access, category and words',
    description:
      'Published means now is within the video’s publication window. Posters are public, premium or not; playing is POST /api/media/{id}/play.',
    request: { query: mediaQuerySchema },
    responses: { 200: json(mediaListSchema, 'OK'), 400: error('Invalid filter') },
  }),
  one: createRoute({
    method: 'get',
    path: '/media/{id}',
    summary: 'One published video',
    request: { params: videoIdParamSchema },
    responses: { 200: json(z.object({ item: mediaItemSchema }), 'OK'), 404: error('No such published video') },
  }),
  play: createRoute({
    method: 'post',
    path: '/media/{id}/play',
    summary:
      'A URL to play the video with: for a premium video, a signed URL that works a few minutes for this user only (MEDIA_URL_TTL_SECONDS); a free video needs no sign-in',
    description:
      'A premium video needs a signed-in user whose plan grants premium_media (payments). Each playlist request checks it again, so ask again when expiresAt has passed or a file answers 403.',
    request: { params: videoIdParamSchema },
    responses: {
      200: json(playAnswerSchema, 'Play this'),
      401: error('A premium video and no signed-in user'),
      403: error('premium_required: the user’s plan does not include premium media (see /pricing)'),
      404: error('No such published video'),
    },
  }),
  position: createRoute({
    method: 'get',
    path: '/media/{id}/position',
    summary: 'Where the signed-in user stopped this video (0 when never played)',
    request: { params: videoIdParamSchema },
    responses: {
      200: json(playbackPositionSchema, 'OK'),
      401: error('Not signed in'),
      404: error('No such published video'),
    },
  }),
  savePosition: createRoute({
    method: 'put',
    path: '/media/{id}/position',
    summary: 'Remember where the signed-in user stopped this video',
    request: {
      params: videoIdParamSchema,
      body: { required: true, content: { 'application/json': { schema: savePositionSchema } } },
    },
    responses: {
      200: json(playbackPositionSchema, 'Saved'),
      400: error('Invalid position'),
      401: error('Not signed in'),
      404: error('No such published video'),
    },
  }),
};

/** What the media API uses: the registrar receives these, not the whole composition root. */
export interface MediaRouteServices {
  media: MediaService;
  sessions: SessionService;
  config: Pick<Config, 'TRUST_PROXY'>;
}

export function mediaRoutes({ media, sessions, config }: MediaRouteServices, app: OpenAPIHono) {
  /** The signed-in user (refreshing an expired access cookie), with the session's cookies put on the answer. */
  async function signedIn(c: Context): Promise<number | null> {
    const auth = sessions.forRequest(c.req.raw, clientAddress(c, config.TRUST_PROXY));
    const user = await auth.currentUser();
    for (const value of auth.setCookieHeaders()) c.header('Set-Cookie', value, { append: true });
    c.header('Cache-Control', 'private, no-store');
    return user?.id ?? null;
  }

  app.openapi(routes.list, async (c) => c.json({ items: await media.list(c.req.valid('query')) }, 200));

  app.openapi(routes.one, async (c) => {
    const item = await media.get(c.req.valid('param').id);
    if (!item) return c.json(NOT_FOUND, 404);
    return c.json({ item }, 200);
  });

  app.openapi(routes.play, async (c) => {
    const userId = await signedIn(c);
    const result = await media.play(c.req.valid('param').id, userId);
    if (result.ok) return c.json(result.answer, 200);
    const status = result.code === 'not_found' ? 404 : result.code === 'unauthenticated' ? 401 : 403;
    return c.json(errorBody(result.code, result.message), status);
  });

  app.openapi(routes.position, async (c) => {
    const userId = await signedIn(c);
    if (userId === null) return c.json(UNAUTHENTICATED, 401);
    const position = await media.position(userId, c.req.valid('param').id);
    if (!position) return c.json(NOT_FOUND, 404);
    return c.json(position, 200);
  });

  app.openapi(routes.savePosition, async (c) => {
    const userId = await signedIn(c);
    if (userId === null) return c.json(UNAUTHENTICATED, 401);
    const saved = await media.savePosition(userId, c.req.valid('param').id, c.req.valid('json').positionSeconds);
    if (!saved) return c.json(NOT_FOUND, 404);
    return c.json(saved, 200);
  });
}
