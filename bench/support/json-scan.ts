// Reads one integer out of a JSON document's bytes without parsing the rest:
// the chat clients need a message's id from each `chat.message` event, not the
// message (text, author, time), so building every object for JSON.parse was
// most of their work. The scan follows the document's structure (strings with
// their escapes, nesting), so a key of the same name deeper down or inside a
// string is never taken for the one asked for.

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const MINUS = 45;

const isSpace = (byte: number) => byte === 32 || byte === 9 || byte === 10 || byte === 13;

/** A path of object keys, e.g. `jsonPath('message', 'id')`. */
export function jsonPath(...keys: string[]): Uint8Array[] {
  return keys.map((key) => Buffer.from(JSON.stringify(key).slice(1, -1)));
}

function sameBytes(bytes: Uint8Array, start: number, end: number, key: Uint8Array): boolean {
  if (end - start !== key.length) return false;
  for (let k = 0; k < key.length; k += 1) if (bytes[start + k] !== key[k]) return false;
  return true;
}

/**
 * The integer at `path` in the JSON object `bytes[start, end)` (`{"message":{"id":12}}` with
 * the path message → id gives 12); NaN when it is not there, not an integer, or the bytes are
 * not such an object.
 */
export function jsonIntegerAt(bytes: Uint8Array, start: number, end: number, path: readonly Uint8Array[]): number {
  let i = start;
  while (i < end && isSpace(bytes[i] as number)) i += 1;
  if (bytes[i] !== OPEN_OBJECT || path.length === 0) return NaN;
  i += 1;
  /** Nesting below the object searched now (path[level] is looked for in it at depth 0). */
  let depth = 0;
  let level = 0;
  while (i < end) {
    const byte = bytes[i] as number;
    if (byte === QUOTE) {
      const keyStart = i + 1;
      let j = keyStart;
      while (j < end && bytes[j] !== QUOTE) j += bytes[j] === BACKSLASH ? 2 : 1;
      if (j >= end) return NaN;
      i = j + 1;
      if (depth !== 0) continue;
      let k = i;
      while (k < end && isSpace(bytes[k] as number)) k += 1;
      if (bytes[k] !== COLON) continue; // a value, not a key
      if (!sameBytes(bytes, keyStart, j, path[level] as Uint8Array)) continue;
      k += 1;
      while (k < end && isSpace(bytes[k] as number)) k += 1;
      if (level === path.length - 1) return integerAt(bytes, k, end);
      if (bytes[k] !== OPEN_OBJECT) return NaN;
      level += 1;
      i = k + 1;
      continue;
    }
    if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth += 1;
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      // The object searched ends without the key.
      if (depth === 0) return NaN;
      depth -= 1;
    }
    i += 1;
  }
  return NaN;
}

function integerAt(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  const negative = bytes[i] === MINUS;
  if (negative) i += 1;
  let value = 0;
  let digits = 0;
  for (; i < end; i += 1) {
    const byte = bytes[i] as number;
    if (byte < 48 || byte > 57) break;
    value = value * 10 + (byte - 48);
    digits += 1;
  }
  if (digits === 0) return NaN;
  // A fraction or an exponent: not an integer.
  const next = i < end ? (bytes[i] as number) : 0;
  if (next === 46 || next === 101 || next === 69) return NaN;
  return negative ? -value : value;
}
