// Pages are whole without JavaScript (server-rendered, plain links), so the
// code that hydrates them must not take the network from the document and its
// stylesheet. React Router's <Scripts> names each first-load module with a
// <link rel="modulepreload"> that React hoists into <head>, where it loads at
// high priority next to the stylesheet; it has no option to lower that. This
// stream marks those links `fetchpriority="low"` on their way out, in <head>
// only: Chromium then fetches the document and the stylesheet first, and the
// modules right after. See docs/decisions/014-hydration-code-at-low-priority.md.
import { Transform, type TransformCallback } from 'node:stream';

const HEAD_END = '</head>';
const PRELOAD_LINK = /<link rel="modulepreload"(?![^>]*\bfetchpriority=)/gi;

/** The head's markup with every module preload marked low priority. */
export function lowerModulePreloadPriority(head: string): string {
  return head.replace(PRELOAD_LINK, '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * A byte stream that rewrites the document up to `</head>` with lowerModulePreloadPriority and passes
 * the rest through untouched. It holds back bytes only until `</head>` has arrived; React writes the
 * whole head in its first chunk, so in practice nothing waits. Every pattern involved is ASCII, so the
 * bytes are read as Latin-1: a UTF-8 character split between two chunks is carried over intact.
 */
export function createScriptPriorityStream(): Transform {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let headDone = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      if (headDone) return callback(null, chunk);
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      pending.push(bytes);
      pendingLength += bytes.length;
      const text = Buffer.concat(pending, pendingLength).toString('latin1');
      const end = text.indexOf(HEAD_END);
      if (end === -1) return callback();
      headDone = true;
      pending = [];
      pendingLength = 0;
      const split = end + HEAD_END.length;
      callback(null, Buffer.from(lowerModulePreloadPriority(text.slice(0, split)) + text.slice(split), 'latin1'));
    },
    flush(callback: TransformCallback) {
      // A document without </head> (an error page cut short): rewrite what there is.
      if (pendingLength === 0) return callback();
      const text = Buffer.concat(pending, pendingLength).toString('latin1');
      callback(null, Buffer.from(lowerModulePreloadPriority(text), 'latin1'));
    },
  });
}
