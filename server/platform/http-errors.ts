// DESIGN.md §8: bad input gets a clear 4xx with `{ error: { code, message, fields? } }`.
import { z } from 'zod';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** First message per top-level field, e.g. `{ email: 'Please enter a valid email address' }`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}
