// /api/cms/media (issue #22, scope cms:media; docs/media.md "CMS and uploads"): the media screens as a JSON
// API — list and search the catalogue, add and edit a video, unpublish it, upload its file (the request's
// body is the MP4/MOV itself, streamed to disk under MEDIA_UPLOAD_MAX_MB) and retry a failed transcode.
// Every write is audited.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { cmsVideoInputSchema, cmsVideoListQuerySchema, cmsVideoSchema } from '../../../domain/media-cms.ts';
import { errorBody } from '../../platform/http-errors.ts';
import type { CmsMediaService } from './cms-media.service.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import { body, error, idParams, json, cmsFailure } from './cms-openapi.ts';

const SCOPE = 'cms:media';
const UPLOAD_PATH = /^\/api\/cms\/media\/\d+\/(?:upload|captions)$/;

/**
 * The upload and captions routes read their own body under their own cap (MEDIA_UPLOAD_MAX_MB,
 * MEDIA_CAPTIONS_MAX_KB): the site-wide 64 kB body limit skips them.
 */
export function isMediaUploadRequest(method: string, path: string): boolean {
  return method === 'PUT' && UPLOAD_PATH.test(path);
}

const videoAnswer = (description: string) => json(z.object({ data: z.object({ video: cmsVideoSchema }) }), description);

const failureResponses = {
  400: error('Invalid input, with a message per field'),
  404: error('No such video'),
  409: error('Only a failed transcode can be retried'),
};

export function cmsMediaRoutes(services: { guard: CmsGuard; media: CmsMediaService }, app: OpenAPIHono) {
  const { guard, media } = services;
  const tags = ['CMS'];
  const middleware = [guard.require(SCOPE)];

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/media',
      tags,
      summary:
        'Every video of the catalogue, published or not, newest first; q searches title, description and slug (scope cms:media)',
      middleware,
      request: { query: cmsVideoListQuerySchema },
      responses: {
        200: json(
          z.object({ data: z.object({ videos: z.array(cmsVideoSchema) }) }),
          'The videos, each with its state and its latest upload job',
        ),
        400: error('Invalid query'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const { q, limit } = c.req.valid('query');
      const result = await media.list({ q, limit: String(limit) });
      if (!result.ok)
        return c.json(errorBody(result.code, result.message, 'fields' in result ? result.fields : undefined), 400);
      return c.json({ data: { videos: result.videos } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/media/{id}',
      tags,
      summary: 'One video with its upload job: status and progress of its transcode (scope cms:media)',
      middleware,
      request: { params: idParams },
      responses: { 200: videoAnswer('The video'), 404: error('No such video'), ...guardResponses },
    }),
    async (c) => {
      const video = await media.get(c.req.valid('param').id);
      if (!video) return c.json(errorBody('not_found', 'No such video'), 404);
      return c.json({ data: { video } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/media',
      tags,
      summary:
        'Add a video: metadata and a source — an upload (then PUT its file), an external HLS or MP4 URL, or a YouTube/Vimeo/Dailymotion URL shown as a privacy-enhanced embed (scope cms:media)',
      middleware,
      request: body(cmsVideoInputSchema),
      responses: { 201: videoAnswer('Added'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await media.create(guard.actor(c), await c.req.json());
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { video: result.video } }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/cms/media/{id}',
      tags,
      summary: "Change a video's metadata, publication window and source (scope cms:media)",
      middleware,
      request: { params: idParams, ...body(cmsVideoInputSchema) },
      responses: { 200: videoAnswer('Changed'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await media.update(guard.actor(c), c.req.valid('param').id, await c.req.json());
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { video: result.video } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/media/{id}/unpublish',
      tags,
      summary: 'Unpublish a video now: it leaves the site and its URLs stop playing (scope cms:media)',
      middleware,
      request: { params: idParams },
      responses: { 200: videoAnswer('Unpublished'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await media.unpublish(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { video: result.video } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/cms/media/{id}/upload',
      tags,
      summary:
        "Upload a video's MP4 or MOV file (the body is the file); it is transcoded to HLS in the background (scope cms:media)",
      description:
        'The body is streamed to disk and refused past MEDIA_UPLOAD_MAX_MB (413). Its content must be an MP4/MOV that ffprobe reads as a video (415 otherwise). The answer is 202: follow the job with GET /api/cms/media/{id} (status, progress 0–100, error).',
      middleware,
      request: {
        params: idParams,
        body: {
          required: true,
          content: {
            'video/mp4': { schema: z.string().openapi({ format: 'binary' }) },
            'video/quicktime': { schema: z.string().openapi({ format: 'binary' }) },
          },
        },
      },
      responses: {
        202: videoAnswer('Received and queued for transcoding'),
        400: error('No file, or an empty one'),
        404: error('No such video'),
        409: error('The video is not an upload, or its upload is being transcoded'),
        413: error('The file is larger than MEDIA_UPLOAD_MAX_MB'),
        415: error('Not an MP4 or MOV video'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await media.upload(guard.actor(c), c.req.valid('param').id, c.req.raw.body);
      if (result.ok) return c.json({ data: { video: result.video } }, 202);
      const answer = errorBody(result.code, result.message);
      switch (result.code) {
        case 'not_found':
          return c.json(answer, 404);
        case 'conflict':
          return c.json(answer, 409);
        case 'payload_too_large':
          c.header('Connection', 'close');
          return c.json(answer, 413);
        case 'unsupported_media':
          return c.json(answer, 415);
        default:
          return c.json(answer, 400);
      }
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/cms/media/{id}/captions',
      tags,
      summary:
        "Upload a video's WebVTT captions (the body is the .vtt file); they replace any it had (scope cms:media)",
      description:
        'The body is the captions file itself (text/vtt). It must be UTF-8 text starting with the line "WEBVTT" and holding at least one cue (400 invalid_captions otherwise), at most MEDIA_CAPTIONS_MAX_KB (413). Stored with the video and served with it: the play answer\'s captionsUrl (signed like the video when it is premium), shown by the player as an English captions track. An embedded video\'s captions come from its platform (409).',
      middleware,
      request: {
        params: idParams,
        body: { required: true, content: { 'text/vtt': { schema: z.string() } } },
      },
      responses: {
        200: json(
          z.object({ data: z.object({ video: cmsVideoSchema, cues: z.number().int() }) }),
          'Stored: the video (hasCaptions true) and how many cues the file has',
        ),
        400: error('Not a WebVTT file: no WEBVTT header, no cue, not UTF-8 text, or empty'),
        404: error('No such video'),
        409: error('The video is an embed: its captions come from its platform'),
        413: error('The file is larger than MEDIA_CAPTIONS_MAX_KB'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await media.setCaptions(guard.actor(c), c.req.valid('param').id, c.req.raw.body);
      if (result.ok) return c.json({ data: { video: result.video, cues: result.cues } }, 200);
      const answer = errorBody(result.code, result.message);
      switch (result.code) {
        case 'not_found':
          return c.json(answer, 404);
        case 'conflict':
          return c.json(answer, 409);
        case 'payload_too_large':
          c.header('Connection', 'close');
          return c.json(answer, 413);
        default:
          return c.json(answer, 400);
      }
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/cms/media/{id}/captions',
      tags,
      summary: "Remove a video's captions (scope cms:media)",
      middleware,
      request: { params: idParams },
      responses: { 200: videoAnswer('Removed (hasCaptions false)'), 404: error('No such video'), ...guardResponses },
    }),
    async (c) => {
      const result = await media.removeCaptions(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return c.json(errorBody(result.code, result.message), 404);
      return c.json({ data: { video: result.video } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/media/{id}/retry',
      tags,
      summary: 'Retry a failed transcode of the video’s upload (scope cms:media)',
      middleware,
      request: { params: idParams },
      responses: { 200: videoAnswer('Queued again'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await media.retry(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: { video: result.video } }, 200);
    },
  );
}
