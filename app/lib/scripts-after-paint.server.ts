// The page's JavaScript is fetched after its first paint (docs/decisions/013-scripts-after-first-paint.md).
//
// React Router writes `<link rel="modulepreload">` for every module of the page into the head and one
// inline `<script type="module" async>` that imports them and hydrates. The browser fetches all of them
// at once, on a slow connection sharing the bandwidth with the HTML and the stylesheet, and on a fast one
// runs hydration before the first paint. This stream rewrites both into inert forms while the HTML is
// sent, and writes after the module script a small loader that, once the page has painted, puts them
// back exactly as React Router wrote them (so hydration finds the DOM it expects) and then removes
// itself. Everything the server rendered works before that: links and forms are plain HTML.
import { Transform, type TransformCallback } from 'node:stream';

const INERT_PRELOAD = 'x-modulepreload';
const INERT_MODULE = 'x-module';
const PRELOAD = Buffer.from('<link rel="modulepreload"');
const PRELOAD_INERT = Buffer.from(`<link rel="${INERT_PRELOAD}"`);
/** React Router's module script: `<script nonce="…" type="module" async="">` (the nonce only in production). */
const MODULE_SCRIPT = /<script(?: nonce="[^"]*")? type="module" async="">/;
const SCRIPT_END = '</script>';
/** Enough bytes of a tag that a chunk may end inside: the module script's opening tag with a nonce. */
const HOLD_BYTES = 120;

/**
 * The loader, a classic inline script: once the page's first contentful paint is reported (where the
 * browser reports paints; else after the next frame), or at once in a hidden tab (which paints nothing),
 * and after a second at the latest, each inert link and the inert script are replaced by the elements
 * React Router rendered. Written with the page's CSP nonce.
 */
export function afterPaintLoader(): string {
  return `(function(){var me=document.currentScript,nonce=me.nonce,done=false;function go(){if(done)return;done=true;document.querySelectorAll('link[rel="${INERT_PRELOAD}"]').forEach(function(inert){var link=document.createElement('link');for(var i=0;i<inert.attributes.length;i++)link.setAttribute(inert.attributes[i].name,inert.attributes[i].value);link.rel='modulepreload';link.nonce=nonce;inert.replaceWith(link)});var inert=document.querySelector('script[type="${INERT_MODULE}"]');if(inert){var script=document.createElement('script');script.type='module';script.async=true;script.nonce=nonce;script.textContent=inert.textContent;inert.replaceWith(script)}}function soon(){setTimeout(go,0)}me.remove();if(document.visibilityState==='hidden')return go();var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];if(types.indexOf('paint')>=0)new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();soon()}}).observe({type:'paint',buffered:true});else requestAnimationFrame(soon);setTimeout(go,1000)})();`;
}

/**
 * A stream that makes React Router's module preloads and module script inert and adds the loader after
 * the script. Bytes other than those two attributes and the added script pass through unchanged, however
 * the HTML is split into chunks; after the module script the rest of the document streams straight on.
 */
export function scriptsAfterPaint(nonce: string): Transform {
  let pending = Buffer.alloc(0);
  let done = false;
  const loader = Buffer.from(`<script${nonce ? ` nonce="${nonce}"` : ''}>${afterPaintLoader()}</script>`);

  function rewritePreloads(data: Buffer): Buffer {
    let index = data.indexOf(PRELOAD);
    if (index === -1) return data;
    const parts: Buffer[] = [];
    let from = 0;
    while (index !== -1) {
      parts.push(data.subarray(from, index), PRELOAD_INERT);
      from = index + PRELOAD.length;
      index = data.indexOf(PRELOAD, from);
    }
    parts.push(data.subarray(from));
    return Buffer.concat(parts);
  }

  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (done) return callback(null, bytes);
      const data = Buffer.concat([pending, bytes]);
      const text = data.toString('latin1');
      const script = MODULE_SCRIPT.exec(text);
      if (script) {
        const end = text.indexOf(SCRIPT_END, script.index + script[0].length);
        if (end === -1) {
          // The script's text is still on its way: hold it back from its tag on.
          this.push(rewritePreloads(data.subarray(0, script.index)));
          pending = data.subarray(script.index);
          return callback();
        }
        const tag = Buffer.from(script[0].replace('type="module"', `type="${INERT_MODULE}"`), 'latin1');
        const afterEnd = end + SCRIPT_END.length;
        done = true;
        pending = Buffer.alloc(0);
        return callback(
          null,
          Buffer.concat([
            rewritePreloads(data.subarray(0, script.index)),
            tag,
            data.subarray(script.index + script[0].length, afterEnd),
            loader,
            data.subarray(afterEnd),
          ]),
        );
      }
      // Keep the last bytes back: a preload link or the script's tag may continue in the next chunk.
      const keep = Math.min(HOLD_BYTES, data.length);
      const lastTag = data.lastIndexOf('<', data.length - 1);
      const holdFrom = lastTag !== -1 && lastTag >= data.length - keep ? lastTag : data.length;
      this.push(rewritePreloads(data.subarray(0, holdFrom)));
      pending = data.subarray(holdFrom);
      callback();
    },
    flush(callback: TransformCallback) {
      callback(null, done ? undefined : rewritePreloads(pending));
    },
  });
}
