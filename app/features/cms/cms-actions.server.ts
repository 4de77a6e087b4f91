// What CMS actions answer (issue #20): the service's refusal as the page's form
// result with the status an API client would get, the fields' messages, and the
// typed values to show again; or a short confirmation.
import { data } from 'react-router';
import type { FormResult } from '../auth-forms/form-parts.tsx';
import type { CmsFailure } from '../../../server/modules/cms/cms-results.ts';

/** Which form of a screen with several an answer belongs to. */
export interface CmsAnswerTag {
  intent: string;
  /** The row the form acted on, when the screen has one form per row. */
  target?: string;
}

export type CmsFormResult = FormResult & CmsAnswerTag;

const STATUS: Record<CmsFailure['code'], number> = { invalid_input: 400, not_found: 404, conflict: 409 };

export function cmsFailure(failure: CmsFailure, values: Record<string, string>, tag: CmsAnswerTag) {
  const fields = 'fields' in failure ? failure.fields : {};
  const message = failure.code === 'invalid_input' ? 'Please correct the fields marked below.' : failure.message;
  return data<CmsFormResult>({ ok: false, message, fields, values, ...tag }, { status: STATUS[failure.code] });
}

export function cmsDone(message: string, tag: CmsAnswerTag) {
  return data<CmsFormResult>({ ok: true, message, ...tag });
}

/** The form's fields as text (absent ones empty). */
export function readFields(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? '')]));
}
