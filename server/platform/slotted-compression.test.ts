// The compressed body whose nonce can be replaced per response must stay a
// valid gzip / zlib stream with the right checksum, whatever the text around
// the slots (zlib's own decoders check the checksums here, as browsers do).
import { randomBytes } from 'node:crypto';
import { deflateSync, gunzipSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32, compressWithSlots, fillSlots, findAll, type Encoding } from './slotted-compression.ts';

const encoder = new TextEncoder();
const decode = (bytes: Uint8Array, encoding: Encoding): string => {
  const buffer = Buffer.from(bytes);
  if (encoding === 'gzip') return gunzipSync(buffer).toString('utf8');
  if (encoding === 'deflate') return inflateSync(buffer).toString('utf8');
  return buffer.toString('utf8');
};

const ENCODINGS: Encoding[] = ['gzip', 'deflate', 'identity'];
const marker = 'nonce-AAAAAAAAAAAAAAAAAAAAAA==';

describe('compressWithSlots and fillSlots', () => {
  const texts: Array<[string, string]> = [
    ['no slot', '<p>nothing to replace</p>'.repeat(50)],
    ['one slot', `<script nonce="${marker}">go()</script>`],
    ['slots at both ends and side by side', `${marker}<p>a</p>${marker}${marker}<p>b</p>${marker}`],
    ['only the marker', marker],
    ['empty', ''],
    ['a large page', Array.from({ length: 3000 }, (_, i) => `<li data-i="${i}">row ${i} ${i % 7 === 0 ? marker : ''}</li>`).join('')],
  ];

  it.each(ENCODINGS)('gives a valid %s stream for each value put in the slots', (encoding) => {
    for (const [name, text] of texts) {
      const body = compressWithSlots(encoder.encode(text), encoder.encode(marker), encoding);
      expect(decode(body.bytes, encoding), name).toBe(text);
      expect(body.slots.length, name).toBe(text.split(marker).length - 1);
      for (let round = 0; round < 3; round += 1) {
        const value = `nonce-${randomBytes(16).toString('base64')}`;
        const filled = fillSlots(body, encoder.encode(value));
        expect(decode(filled, encoding), name).toBe(text.split(marker).join(value));
      }
      // The stored body itself is left as it was.
      expect(decode(body.bytes, encoding), name).toBe(text);
    }
  });

  it('compresses a page with a few nonces about as well as one stream would', () => {
    // A page's nonces: a handful of scripts, between tens of kB of markup.
    const rows = Array.from({ length: 3000 }, (_, i) => `<li data-i="${i}">row ${i}</li>`);
    for (const at of [0, 10, 1500, 2990]) rows[at] += `<script nonce="${marker}">start(${at})</script>`;
    const page = encoder.encode(rows.join(''));
    const slotted = compressWithSlots(page, encoder.encode(marker), 'gzip').bytes.length;
    const plain = compressWithSlots(page, new Uint8Array(0), 'gzip').bytes.length;
    expect(slotted).toBeLessThan(plain + 4 * 100);
  });

  it('refuses a value of another length', () => {
    const body = compressWithSlots(encoder.encode(`a${marker}b`), encoder.encode(marker), 'gzip');
    expect(() => fillSlots(body, encoder.encode('short'))).toThrow(RangeError);
  });

  it('finds every copy of the marker, not overlapping', () => {
    expect(findAll(encoder.encode('aaaa'), encoder.encode('aa'))).toEqual([0, 2]);
    expect(findAll(encoder.encode('abc'), new Uint8Array(0))).toEqual([]);
  });

  it('computes Adler-32 as zlib does', () => {
    for (const size of [0, 1, 5551, 5552, 5553, 100_000]) {
      const bytes = randomBytes(size);
      expect(adler32(bytes), String(size)).toBe(zlibAdler32Of(bytes));
    }
  });
});

/** Adler-32 as zlib computes it: the trailer of its own zlib stream, big-endian. */
function zlibAdler32Of(bytes: Uint8Array): number {
  const compressed = deflateSync(bytes);
  return compressed.readUInt32BE(compressed.length - 4);
}
