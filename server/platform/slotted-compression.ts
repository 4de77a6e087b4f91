// A compressed body in which some bytes can still be replaced (issue #17): the
// shared page cache (page-cache.ts) keeps a page compressed once, yet every
// response must carry a CSP nonce of its own. Compressing each copy again would
// cost milliseconds of CPU per request where a cache hit costs ~0.15 ms.
//
// So the text around each occurrence of the nonce is compressed as a part of
// its own, ending in a sync flush (byte-aligned), and the nonce itself goes in
// a stored (uncompressed) deflate block, where its bytes sit verbatim at a
// known offset. Each part still refers back to the text before it (a preset
// dictionary in which the nonces are zeroes, see sharedHistory), so the page
// compresses nearly as well as in one stream, but never to a nonce's bytes. A response
// copies the body, writes its nonce at those offsets, and fixes the trailer's
// checksum (CRC-32 for gzip, Adler-32 for zlib's deflate) by combining the
// checksums of the unchanged parts, kept from when the page was stored, with
// the new nonce's — a few microseconds, without reading the page again. The
// replacement must have the marker's length (a nonce always does).
import { constants, crc32, deflateRawSync } from 'node:zlib';

export type Encoding = 'gzip' | 'deflate' | 'identity';

/** The text between two slots: its checksum and length, for the trailer. */
interface Piece {
  checksum: number;
  length: number;
  /** For CRC-32: x^(8·length) mod P, which shifts a checksum past this piece. */
  shift: number;
}

export interface SlottedBody {
  encoding: Encoding;
  bytes: Uint8Array<ArrayBuffer>;
  /** Offsets in `bytes` of every copy of the marker. */
  slots: number[];
  slotLength: number;
  /** Checksums of the text before, between and after the slots (none for identity). */
  pieces: Piece[];
}

const GZIP_HEADER = [0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff];
const ZLIB_HEADER = [0x78, 0x9c];
/** A last, empty stored block: ends the deflate stream after the sync-flushed parts. */
const FINAL_BLOCK = [0x01, 0x00, 0x00, 0xff, 0xff];

/** Deflate's window: how far back a match may reach. */
const WINDOW = 32 * 1024;

/**
 * What each part may refer back to: the text before it, as the decoder will
 * have it, except that every slot is zeroes. Any match the compressor finds
 * there is a run of the text's own bytes, so when the text has no zero byte no
 * match can take a byte from a slot, whose content changes. Null when the text
 * has a zero byte: then each part is compressed without history.
 */
function sharedHistory(text: Uint8Array, slots: number[], slotLength: number): Buffer | null {
  if (slots.length === 0 || text.includes(0)) return null;
  const history = Buffer.from(text);
  for (const slot of slots) history.fill(0, slot, slot + slotLength);
  return history;
}

/** Where `marker` occurs in `text` (none for an empty marker). */
export function findAll(text: Uint8Array, marker: Uint8Array): number[] {
  const found: number[] = [];
  if (marker.length === 0) return found;
  const haystack = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  for (let at = haystack.indexOf(marker); at !== -1; at = haystack.indexOf(marker, at + marker.length)) found.push(at);
  return found;
}

/** Compresses `text` so that every copy of `marker` in it can be replaced later (fillSlots). */
export function compressWithSlots(text: Uint8Array, marker: Uint8Array, encoding: Encoding): SlottedBody {
  const at = findAll(text, marker);
  const parts: Uint8Array[] = [];
  const starts: number[] = [];
  let start = 0;
  for (const offset of at) {
    parts.push(text.subarray(start, offset));
    starts.push(start);
    start = offset + marker.length;
  }
  parts.push(text.subarray(start));
  starts.push(start);

  if (encoding === 'identity') {
    return { encoding, bytes: new Uint8Array(text), slots: at, slotLength: marker.length, pieces: [] };
  }

  const chunks: Uint8Array[] = [Uint8Array.from(encoding === 'gzip' ? GZIP_HEADER : ZLIB_HEADER)];
  let size = chunks[0]!.length;
  const slots: number[] = [];
  const push = (chunk: Uint8Array) => {
    chunks.push(chunk);
    size += chunk.length;
  };
  const history = sharedHistory(text, at, marker.length);
  parts.forEach((part, index) => {
    if (part.length > 0) {
      const from = starts[index]!;
      const dictionary = history && from > 0 ? history.subarray(Math.max(0, from - WINDOW), from) : undefined;
      push(deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) }));
    }
    if (index === parts.length - 1) return;
    // A stored block: BFINAL 0, BTYPE 00, then LEN and its one's complement, little-endian.
    const length = marker.length;
    push(Uint8Array.from([0x00, length & 0xff, length >>> 8, ~length & 0xff, (~length >>> 8) & 0xff]));
    slots.push(size);
    push(marker);
  });
  push(Uint8Array.from(FINAL_BLOCK));
  push(new Uint8Array(encoding === 'gzip' ? 8 : 4));

  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  const pieces = parts.map((part) =>
    encoding === 'gzip'
      ? { checksum: crc32(part), length: part.length, shift: crc32Shift(part.length) }
      : { checksum: adler32(part), length: part.length, shift: 0 },
  );
  const body: SlottedBody = { encoding, bytes, slots, slotLength: marker.length, pieces };
  if (encoding === 'gzip') new DataView(bytes.buffer).setUint32(size - 4, text.length % 2 ** 32, true);
  writeChecksum(body, bytes, marker);
  return body;
}

/** A copy of the body with `value` in every slot and the trailer's checksum to match. */
export function fillSlots(body: SlottedBody, value: Uint8Array): Uint8Array<ArrayBuffer> {
  if (value.length !== body.slotLength) throw new RangeError('A slot is filled with a value of its own length only');
  const bytes = body.bytes.slice();
  if (body.slots.length === 0) return bytes;
  for (const slot of body.slots) bytes.set(value, slot);
  writeChecksum(body, bytes, value);
  return bytes;
}

function writeChecksum(body: SlottedBody, bytes: Uint8Array<ArrayBuffer>, value: Uint8Array) {
  if (body.encoding === 'identity') return;
  const [first, ...rest] = body.pieces;
  let checksum = first!.checksum;
  const view = new DataView(bytes.buffer);
  if (body.encoding === 'gzip') {
    const valueChecksum = crc32(value);
    const valueShift = crc32Shift(value.length);
    for (const piece of rest) {
      checksum = (multModP(valueShift, checksum) ^ valueChecksum) >>> 0;
      checksum = (multModP(piece.shift, checksum) ^ piece.checksum) >>> 0;
    }
    view.setUint32(bytes.length - 8, checksum, true);
  } else {
    const valueChecksum = adler32(value);
    for (const piece of rest) {
      checksum = adler32Combine(checksum, valueChecksum, value.length);
      checksum = adler32Combine(checksum, piece.checksum, piece.length);
    }
    view.setUint32(bytes.length - 4, checksum, false);
  }
}

// ---- CRC-32 combination (zlib's crc32_combine: polynomials over GF(2), reflected) ----

const POLY = 0xedb88320;

/** a·b mod P. */
function multModP(a: number, b: number): number {
  if (a === 0) return 0;
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) mod P for k = 0…31. */
const X2N: number[] = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k += 1) table.push(multModP(table[k - 1]!, table[k - 1]!));
  return table;
})();

/** x^(8·length) mod P: multiplying a CRC by it appends `length` zero bytes' worth of shift. */
function crc32Shift(length: number): number {
  let p = 0x80000000;
  let k = 3;
  for (let n = length; n > 0; n = Math.floor(n / 2), k += 1) if (n % 2 === 1) p = multModP(X2N[k % 32]!, p);
  return p;
}

// ---- Adler-32 (RFC 1950), and zlib's adler32_combine ----

const BASE = 65521;

export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; ) {
    const end = Math.min(i + 5552, bytes.length);
    for (; i < end; i += 1) {
      a += bytes[i]!;
      b += a;
    }
    a %= BASE;
    b %= BASE;
  }
  return ((b << 16) | a) >>> 0;
}

function adler32Combine(adler1: number, adler2: number, length2: number): number {
  const rem = length2 % BASE;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (adler2 & 0xffff) + BASE - 1;
  sum2 += ((adler1 >>> 16) & 0xffff) + ((adler2 >>> 16) & 0xffff) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= BASE * 2) sum2 -= BASE * 2;
  if (sum2 >= BASE) sum2 -= BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}
