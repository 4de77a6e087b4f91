// Page validation (spec §2, §8): a route's params are parsed with a zod schema
// and a failure is the same 404 as an unknown address.
import { data } from 'react-router';
import { z } from 'zod';

export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.infer<T> {
  const result = schema.safeParse(params);
  if (!result.success) throw data(null, { status: 404, statusText: 'Not Found' });
  return result.data;
}

/** A positive integer id such as a match or team id; digits only, no signs, exponents or spaces. */
export const numericIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,11}$/)
  .transform(Number);

/** A competition code as the data uses it: `en.1`, `uefa.cl`, `world.cup`. */
export const competitionCodeSchema = z.string().regex(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/).max(40);

/** A sport slug such as `football-1`. */
export const sportSlugSchema = z.string().regex(/^[a-z]+(?:-[a-z]+)*-\d+$/).max(40);
