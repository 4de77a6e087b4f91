// The response and request shapes every CMS route registrar describes in
// /api/openapi.json (issue #20), written once for all of them.
import { z } from 'zod';
import { errorBodySchema } from '../../platform/http-errors.ts';

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

export const error = (description: string) => json(errorBodySchema, description);

export const idParams = z.object({ id: z.coerce.number().int().positive() });
