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
 * the rest through untouched, without copying it. It holds back bytes only until `</head>` has arrived;
 * React writes the whole head in its first chunk, so in practice nothing waits. Every pattern involved
 * is ASCII, so the head is read as Latin-1: its bytes, UTF-8 characters included, come back unchanged.
 */
export function createScriptPriorityStream(): Transform {
  let pending: Buffer | null = null;
  let headDone = false;
  const rewrite = (head: Buffer) => Buffer.from(lowerModulePreloadPriority(head.toString('latin1')), 'latin1');
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      if (headDone) return callback(null, chunk);
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      pending = pending ? Buffer.concat([pending, bytes]) : bytes;
      const end = pending.indexOf(HEAD_END);
      if (end === -1) return callback();
      const split = end + HEAD_END.length;
      const rest = pending.subarray(split);
      this.push(rewrite(pending.subarray(0, split)));
      headDone = true;
      pending = null;
      callback(null, rest.length > 0 ? rest : undefined);
    },
    flush(callback: TransformCallback) {
      // A document without </head> (an error page cut short): rewrite what there is.
      callback(null, pending ? rewrite(pending) : undefined);
    },
  });
}
