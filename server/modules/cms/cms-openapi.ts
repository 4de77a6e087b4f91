// The response and request shapes every CMS route registrar describes in
// /api/openapi.json (issue #20), written once for all of them.
import type { Context } from 'hono';
import { z } from 'zod';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import type { CmsFailure } from './cms-results.ts';

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

export const error = (description: string) => json(errorBodySchema, description);

export const idParams = z.object({ id: z.coerce.number().int().positive() });

/** A CMS service's refusal as the API answers it: 400 with a message per field, 404, or 409. */
export function cmsFailure(c: Context, result: CmsFailure) {
  const answer = errorBody(result.code, result.message, 'fields' in result ? result.fields : undefined);
  if (result.code === 'invalid_input') return c.json(answer, 400);
  return result.code === 'not_found' ? c.json(answer, 404) : c.json(answer, 409);
}
