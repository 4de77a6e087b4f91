// /api/cms/pages (issue #20): the Pages screen as a JSON API, with the same scope
// (cms:pages) and the same audit entries, so staff can script the site's pages
// with a Bearer token — e.g. POST /api/cms/pages { slug, title, body, published }.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { errorBody } from '../../platform/http-errors.ts';
import type { CmsFailure } from './cms-results.ts';
import type { CmsPagesService } from './cms-pages.service.ts';
import {
  cmsPageListSchema,
  cmsPageSchema,
  cmsRevisionListSchema,
  cmsRevisionSchema,
  createPageInputSchema,
  pageListQuerySchema,
  previewInputSchema,
  publishPageInputSchema,
  updatePageInputSchema,
} from './cms-pages.schemas.ts';
import { guardResponses, type CmsGuard } from './cms.guard.ts';
import { json, body, error, cmsFailure } from './cms-openapi.ts';

const SCOPE = 'cms:pages';

/** Ids beyond what a JavaScript number holds exactly (or PostgreSQL's bigint) are no page's. */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const pageParams = z.object({ id });
const revisionParams = z.object({ id, number: id });
const pageAnswer = (description: string) => json(z.object({ data: cmsPageSchema }), description);

const failureResponses = {
  400: error('Invalid input, with a message per field (an address another page or the site uses, for one)'),
  404: error('No page (or revision) with this id'),
  409: error('The page changed since the revision the edit started from, or is public already'),
};

export function cmsPagesRoutes(services: { guard: CmsGuard; pages: CmsPagesService }, app: OpenAPIHono) {
  const { guard, pages } = services;
  const tags = ['CMS'];
  const middleware = [guard.require(SCOPE)];

  /** A refused write as the API's error body and status. */
  /** A read's only refusal: nothing with this id. */
  function notFound(c: Context, result: CmsFailure) {
    return c.json(errorBody('not_found', result.message), 404);
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/pages',
      tags,
      summary: 'Every page, most recently changed first, optionally of one status (scope cms:pages)',
      middleware,
      request: { query: pageListQuerySchema },
      responses: {
        200: json(z.object({ data: cmsPageListSchema }), 'The pages, without their text'),
        400: error('Invalid filter'),
        ...guardResponses,
      },
    }),
    async (c) => c.json({ data: await pages.list(c.req.valid('query').status) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/pages',
      tags,
      summary: 'Create a page: a draft, or published now or at publishAt (scope cms:pages)',
      description:
        'The body is Markdown; it is served sanitized at /{slug} (no script, event handler or javascript:/data: link survives). Addresses the site itself uses (pricing, login, cms, en, …) are refused.',
      middleware,
      request: body(createPageInputSchema),
      responses: { 201: pageAnswer('Created, with its first revision'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await pages.create(guard.actor(c), c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: result.page }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/pages/preview',
      tags,
      summary: 'Render Markdown as a page would show it, sanitized (scope cms:pages)',
      middleware,
      request: body(previewInputSchema),
      responses: {
        200: json(z.object({ data: z.object({ html: z.string() }) }), 'The HTML'),
        400: error('Invalid input'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = pages.preview(c.req.valid('json'));
      if (!result.ok)
        return c.json(errorBody(result.code, result.message, 'fields' in result ? result.fields : undefined), 400);
      return c.json({ data: { html: result.html } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/pages/{id}',
      tags,
      summary: 'One page: its Markdown, its rendered HTML, status and preview address (scope cms:pages)',
      middleware,
      request: { params: pageParams },
      responses: { 200: pageAnswer('The page'), 404: error('No page with this id'), ...guardResponses },
    }),
    async (c) => {
      const result = await pages.get(c.req.valid('param').id);
      if (!result.ok) return notFound(c, result);
      return c.json({ data: result.page }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/cms/pages/{id}',
      tags,
      summary: 'Change the address, title, description or text; each save is a new revision (scope cms:pages)',
      description:
        'Send baseRevision (the revision you started from) to be refused with 409 instead of overwriting a save made since.',
      middleware,
      request: { params: pageParams, ...body(updatePageInputSchema) },
      responses: { 200: pageAnswer('Saved'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await pages.update(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: result.page }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/pages/{id}/publish',
      tags,
      summary: 'Publish now, or schedule for publishAt (scope cms:pages)',
      description: 'A page scheduled for later is public from that moment on; until then /{slug} answers 404.',
      middleware,
      request: { params: pageParams, ...body(publishPageInputSchema) },
      responses: { 200: pageAnswer('Published or scheduled'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await pages.publish(guard.actor(c), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: result.page }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/pages/{id}/unpublish',
      tags,
      summary: 'Take a page off the site (or cancel its schedule): it becomes a draft (scope cms:pages)',
      middleware,
      request: { params: pageParams },
      responses: { 200: pageAnswer('Now a draft'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const result = await pages.unpublish(guard.actor(c), c.req.valid('param').id);
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: result.page }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/pages/{id}/revisions',
      tags,
      summary: "A page's revisions, newest first, without their text (scope cms:pages)",
      middleware,
      request: { params: pageParams },
      responses: {
        200: json(z.object({ data: cmsRevisionListSchema }), 'The history'),
        404: error('No page with this id'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const result = await pages.revisions(c.req.valid('param').id);
      if (!result.ok) return notFound(c, result);
      return c.json({ data: { revisions: result.revisions } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/cms/pages/{id}/revisions/{number}',
      tags,
      summary: 'One revision, with its text and how it renders (scope cms:pages)',
      middleware,
      request: { params: revisionParams },
      responses: {
        200: json(z.object({ data: cmsRevisionSchema }), 'The revision'),
        404: error('No such page or revision'),
        ...guardResponses,
      },
    }),
    async (c) => {
      const { id: pageId, number } = c.req.valid('param');
      const result = await pages.revision(pageId, number);
      if (!result.ok) return notFound(c, result);
      return c.json({ data: result.revision }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/cms/pages/{id}/revisions/{number}/restore',
      tags,
      summary: "Restore a revision's title, description and text as a new revision (scope cms:pages)",
      description: 'The address and the publication stay as they are; nothing in the history is lost.',
      middleware,
      request: { params: revisionParams },
      responses: { 200: pageAnswer('Restored'), ...failureResponses, ...guardResponses },
    }),
    async (c) => {
      const { id: pageId, number } = c.req.valid('param');
      const result = await pages.restore(guard.actor(c), pageId, number);
      if (!result.ok) return cmsFailure(c, result);
      return c.json({ data: result.page }, 200);
    },
  );
}
