// Request bodies (issue #17, findings 4 and 6). Nothing the site accepts —
// JSON for /api, forms for the pages' actions — comes near 64 kB: the largest
// field is a 5,000-character contact message. So every body is capped there,
// before anything reads it, with or without Content-Length (a chunked body is
// counted as it arrives and refused once it passes the cap). GET has no body
// and is never touched, so live streams are not either.
//
// Pages' actions read `request.formData()`, which throws on anything but a
// readable form; in React Router that became a 500 with a stack in the logs.
// One check before the React Router handler answers for every action, present
// and future: 415 for a body that is not a form, 400 for a form that cannot be
// read. React Router's own `.data` action requests post the form the same way
// (urlencoded, or multipart for files), so they pass.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './http-errors.ts';

export const MAX_BODY_BYTES = 64 * 1024;

/** The only bodies a page's action reads. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 413 past `maxBytes`: the JSON error body under /api, a short sentence for pages. */
export function requestBodyLimit(
  maxBytes = MAX_BODY_BYTES,
  exempt?: (method: string, path: string) => boolean,
): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c, maxBytes) });
  return (c, next) =>
    READ_ONLY_METHODS.has(c.req.method) || exempt?.(c.req.method, c.req.path) ? next() : limit(c, next);
}

function tooLarge(c: Context, maxBytes: number): Response {
  const size = `${Math.round(maxBytes / 1024)} kB`;
  // The rest of the body is not read; the connection is closed rather than kept for it.
  c.header('Connection', 'close');
  if (c.req.path.startsWith('/api/')) {
    return c.json(errorBody('payload_too_large', `The request body is larger than ${size}`), 413);
  }
  return c.text(`The form is too large: this site accepts at most ${size}.`, 413);
}

/** The media type of a Content-Type header, lower case, without parameters; null when absent. */
export function mediaType(header: string | null): string | null {
  if (header === null) return null;
  const type = header.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === '' ? null : type;
}

export type PageFormCheck = { ok: true; request: Request } | { ok: false; status: 400 | 415; message: string };

/**
 * Whether a page request's body is a form its action can read. Returns the
 * request to hand on (its body, already capped, buffered so it can be read
 * again), or the answer to give instead. Reads without a body pass unchanged.
 */
export async function checkPageForm(request: Request): Promise<PageFormCheck> {
  if (READ_ONLY_METHODS.has(request.method)) return { ok: true, request };
  const type = mediaType(request.headers.get('content-type'));
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(await request.arrayBuffer());
  } catch {
    return { ok: false, status: 400, message: 'The form could not be read: the upload broke off.' };
  }
  if (type === null) {
    if (bytes.byteLength === 0) return { ok: false, status: 400, message: 'No form was sent.' };
    return { ok: false, status: 415, message: 'Send the form as a web form (no content type was given).' };
  }
  if (!FORM_TYPES.has(type)) {
    return {
      ok: false,
      status: 415,
      message: `Send the form as a web form (application/x-www-form-urlencoded or multipart/form-data), not ${type.slice(0, 100)}.`,
    };
  }
  const forParsing = new Request(request.url, { method: request.method, headers: request.headers, body: bytes });
  try {
    await forParsing.formData();
  } catch {
    return { ok: false, status: 400, message: 'The form could not be read: its body does not match its content type.' };
  }
  return { ok: true, request: new Request(request, { body: bytes }) };
}
