import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createScriptPriorityStream, lowerModulePreloadPriority } from './script-priority.server.ts';

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
  '<title>Arsenal v Chelsea – Hà Nội, Zürich, Łódź | Scoreline</title>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/framework.js" nonce="abc"/>' +
  '<link rel="icon" href="/favicon.svg"/></head>';
const BODY =
  '<body><p>Müller 90+2′ ⚽</p><link rel="modulepreload" href="/assets/next-page.js"/>' +
  '<script type="module">import "/assets/entry.client.js";</script></body></html>';

async function throughStream(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(createScriptPriorityStream()));
}

/** The document's bytes cut every `size` bytes, so cuts fall inside tags and inside UTF-8 characters. */
function cut(document: string, size: number): Buffer[] {
  const bytes = Buffer.from(document, 'utf8');
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return chunks;
}

describe('module preloads at low priority', () => {
  it('marks every module preload in the head, and nothing else', () => {
    const head = lowerModulePreloadPriority(HEAD);
    expect(head.match(/<link rel="modulepreload" fetchpriority="low" href="[^"]+"/g)).toEqual([
      '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js"',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/framework.js"',
    ]);
    expect(head).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(head).toContain('<link rel="icon" href="/favicon.svg"/>');
  });

  it('leaves a preload that already names its priority as it is', () => {
    const link = '<link rel="modulepreload" fetchPriority="high" href="/assets/a.js"/>';
    expect(lowerModulePreloadPriority(link)).toBe(link);
  });

  it('rewrites the head however the stream is cut, and passes the body through byte for byte', async () => {
    const expected = lowerModulePreloadPriority(HEAD) + BODY;
    for (const size of [1, 2, 3, 7, 64, 4096]) {
      expect(await throughStream(cut(HEAD + BODY, size)), `chunks of ${size} bytes`).toBe(expected);
    }
    expect(expected).toContain('<link rel="modulepreload" href="/assets/next-page.js"/>');
    expect(expected).toContain('Müller 90+2′ ⚽');
  });

  it('rewrites a document that ends before its head does', async () => {
    const partial = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"/>';
    expect(await throughStream(cut(partial, 5))).toBe(
      '<!DOCTYPE html><html><head><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>',
    );
  });
});
