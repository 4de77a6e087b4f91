// What every CMS service answers (issue #20): the result, or a refusal the API
// maps to 400 / 404 / 409 and the pages show beside the form.
import type { z } from 'zod';
import { fieldErrors } from '../../platform/http-errors.ts';

export type CmsFailure =
  | { ok: false; code: 'invalid_input'; message: string; fields: Record<string, string> }
  | { ok: false; code: 'not_found'; message: string }
  | { ok: false; code: 'conflict'; message: string };

export type CmsResult<T> = ({ ok: true } & T) | CmsFailure;

export function invalidInput(error: z.ZodError): CmsFailure {
  return {
    ok: false,
    code: 'invalid_input',
    message: 'Please correct the fields marked below',
    fields: fieldErrors(error),
  };
}
