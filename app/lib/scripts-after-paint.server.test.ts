import { describe, expect, it } from 'vitest';
import { afterPaintLoader, scriptsAfterPaint } from './scripts-after-paint.server.ts';

const NONCE = 'bm9uY2U=';
/** The shape React Router and React write: preloads hoisted into the head, the module script in the body. */
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Scores</title>' +
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/framework-B.js" nonce="${NONCE}"/>` +
  '<link rel="stylesheet" href="/assets/root-C.css"/></head><body><main><p>A &lt;link rel="modulepreload" in text</p>' +
  '<a href="/match/1">Arsenal 1, Chelsea 0</a></main>' +
  `<script nonce="${NONCE}">window.__reactRouterContext = {"x":"\\u003cscript"};</script>` +
  `<script nonce="${NONCE}" type="module" async="">import "/assets/manifest-D.js";\nimport * as route0 from "/assets/root-E.js";\nimport("/assets/entry.client-A.js");</script>` +
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`;

function rewrite(html: string, splits: number[], nonce = NONCE): Promise<string> {
  const stream = scriptsAfterPaint(nonce);
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<string>((resolve, reject) => {
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
  const bytes = Buffer.from(html);
  let from = 0;
  for (const at of [...splits, bytes.length]) {
    stream.write(bytes.subarray(from, at));
    from = at;
  }
  stream.end();
  return done;
}

describe('scriptsAfterPaint', () => {
  it('makes the preloads and the module script inert, adds the loader after the script, changes nothing else', async () => {
    const out = await rewrite(PAGE, []);
    const loader = `<script nonce="${NONCE}">${afterPaintLoader()}</script>`;
    const expected = PAGE.replaceAll('<link rel="modulepreload"', '<link rel="x-modulepreload"')
      .replace(`<script nonce="${NONCE}" type="module" async="">`, `<script nonce="${NONCE}" type="x-module" async="">`)
      .replace(
        'import("/assets/entry.client-A.js");</script>',
        `import("/assets/entry.client-A.js");</script>${loader}`,
      );
    expect(out).toBe(expected);
    // Text that merely mentions a preload is escaped by React, and stays as it is.
    expect(out).toContain('A &lt;link rel="modulepreload" in text');
    expect(out.match(/<script\b/g)).toHaveLength(4);
  });

  it('gives the same document however the HTML is split into chunks', async () => {
    const whole = await rewrite(PAGE, []);
    const length = Buffer.byteLength(PAGE);
    for (let at = 1; at < length; at++) expect(await rewrite(PAGE, [at]), `split at ${at}`).toBe(whole);
    for (let size = 1; size <= 7; size++) {
      const splits = Array.from({ length: Math.floor((length - 1) / size) }, (_, index) => (index + 1) * size);
      expect(await rewrite(PAGE, splits), `chunks of ${size}`).toBe(whole);
    }
  });

  it('streams the rest of the document straight on after the script', async () => {
    const stream = scriptsAfterPaint(NONCE);
    const seen: string[] = [];
    stream.on('data', (chunk: Buffer) => seen.push(chunk.toString('utf8')));
    const head = PAGE.slice(0, PAGE.indexOf('<script nonce="bm9uY2U=">window.__reactRouterContext.streamController'));
    stream.write(head);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.join('')).toContain('type="x-module"');
    stream.write('<p>late</p>');
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.at(-1)).toBe('<p>late</p>');
    stream.end();
  });

  it('writes the loader without a nonce in development, and leaves a page without the module script alone', async () => {
    const out = await rewrite(PAGE, [], '');
    expect(out).toContain(`<script>${afterPaintLoader()}</script>`);
    const plain = '<!DOCTYPE html><html><head></head><body><p>Static</p></body></html>';
    expect(await rewrite(plain, [5, 40])).toBe(plain);
  });
});
