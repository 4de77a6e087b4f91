// Redirect targets (spec §2, §5): only a local path that starts with one slash.
// Browsers treat `//host` and `/\host` as other origins, and a path that decodes
// to either is just as dangerous, so both the raw and the decoded forms are checked.
// A target goes out percent-encoded (safeLocalPath): a Location header holds
// bytes, so `/team?q=Спартак` cannot be set at all (a 500 after the sign-in's
// cookies were set) and `/team?q=Málaga` would go out as Latin-1, which the
// browser does not read back as the same text.

const MAX_DECODE_ROUNDS = 3;

/** True when `target` is a path on this site, safe to put in a Location header. */
export function isSafeLocalPath(target: unknown): target is string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return false;
  if (!isPlainLocalPath(target)) return false;
  let candidate = target;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    if (!startsLikeLocalPath(candidate)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(candidate);
    } catch {
      // A malformed escape in the raw target is refused. After a round of decoding, a bare `%` is
      // text (`/search?q=50%25` → `…50%`): the escapes around it are still decoded and checked.
      if (round === 0) return false;
      decoded = decodeValidEscapes(candidate);
    }
    if (decoded === candidate) return true;
    candidate = decoded;
  }
  // Still changing after several rounds of decoding: refuse rather than guess.
  return false;
}

/** Decodes each run of well-formed escapes, leaving anything else (a bare `%`) as it is. */
function decodeValidEscapes(value: string): string {
  return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** The raw target: one leading slash, no backslash, no control characters or spaces. */
function isPlainLocalPath(value: string): boolean {
  // Browsers strip tabs and newlines from URLs, turning `/\t/host` into `//host`.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return false;
  return startsLikeLocalPath(value);
}

/** A decoded form: must still start with exactly one slash, even once tabs and newlines are dropped. */
function startsLikeLocalPath(value: string): boolean {
  const squeezed = value.replace(/[\t\n\r]/g, '');
  if (!squeezed.startsWith('/')) return false;
  const second = squeezed.charAt(1);
  return second !== '/' && second !== '\\';
}

/**
 * Every character outside printable ASCII percent-encoded as UTF-8, the rest
 * (existing escapes included) as it was; null for text that is not valid
 * Unicode (a lone surrogate), which has no encoding.
 */
export function encodeLocalPath(path: string): string | null {
  try {
    return path.replace(/[^\x21-\x7e]+/gu, (run) => encodeURIComponent(run));
  } catch {
    return null;
  }
}

/** The target, encoded for a Location header, when it is a safe local path; otherwise the fallback (home). */
export function safeLocalPath(target: unknown, fallback = '/'): string {
  if (!isSafeLocalPath(target)) return fallback;
  const encoded = encodeLocalPath(target);
  return encoded !== null && isSafeLocalPath(encoded) ? encoded : fallback;
}
