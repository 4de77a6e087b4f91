// The reference a bank-transfer payer quotes (issue #21, local payment): short,
// read aloud and typed by hand, so it uses Crockford's base32 alphabet (no I, L,
// O or U: nothing that looks like another character) and ends with a check
// character (Luhn mod 32) that catches any one mistyped character and most
// swapped neighbours. Shown as `SL-XXXX-XXXX-C`; stored compact (`XXXXXXXXC`).
// The server draws the eight characters at random and stores them with the
// order under a unique key (payments.local.ts).

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const N = ALPHABET.length;
export const REFERENCE_BODY_LENGTH = 8;
export const REFERENCE_PREFIX = 'SL';

function luhnSum(chars: string, doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    const value = ALPHABET.indexOf(chars[index]!);
    let addend = double ? value * 2 : value;
    addend = Math.floor(addend / N) + (addend % N);
    sum += addend;
    double = !double;
  }
  return sum;
}

/** The check character of a body (eight alphabet characters). */
export function checkCharacter(body: string): string {
  return ALPHABET[(N - (luhnSum(body, true) % N)) % N]!;
}

/** A compact reference (body and check) from random bytes (at least five). */
export function referenceFromBytes(bytes: Uint8Array): string {
  let bits = 0n;
  for (const byte of bytes.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let body = '';
  for (let index = 0; index < REFERENCE_BODY_LENGTH; index += 1) {
    body = ALPHABET[Number(bits & 31n)]! + body;
    bits >>= 5n;
  }
  return body + checkCharacter(body);
}

/** `SL-ABCD-EFGH-J` from the compact form. */
export function formatReference(compact: string): string {
  return `${REFERENCE_PREFIX}-${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`;
}

/**
 * What someone typed, in the compact form: upper case, without spaces, dashes and the SL prefix, and
 * with the letters people mistake for digits read as those digits (O → 0, I and L → 1).
 */
export function normaliseReference(typed: string): string {
  let text = typed.toUpperCase().replace(/[\s\-_.]/g, '');
  if (text.startsWith(REFERENCE_PREFIX) && text.length === REFERENCE_PREFIX.length + REFERENCE_BODY_LENGTH + 1) {
    text = text.slice(REFERENCE_PREFIX.length);
  }
  return text.replace(/O/g, '0').replace(/[IL]/g, '1');
}

export type ReferenceReading =
  | { kind: 'valid'; compact: string }
  /** The right shape, but the check character does not match: a typo. */
  | { kind: 'typo'; compact: string }
  | { kind: 'not_a_reference' };

export function readReference(typed: string): ReferenceReading {
  const compact = normaliseReference(typed);
  if (compact.length !== REFERENCE_BODY_LENGTH + 1 || [...compact].some((char) => !ALPHABET.includes(char))) {
    return { kind: 'not_a_reference' };
  }
  return luhnSum(compact, false) % N === 0 ? { kind: 'valid', compact } : { kind: 'typo', compact };
}

/** The demo account a fresh install shows for bank transfers: valid check digits, no real bank ("DEMO"). */
export const DEMO_IBAN = 'NL93DEMO0123456789';

/** An IBAN without spaces, upper case. */
export function compactIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** The shape (country, two check digits, up to 30 letters or digits) and the mod-97 check of ISO 13616. */
export function isValidIban(iban: string): boolean {
  const compact = compactIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const digits = [...(compact.slice(4) + compact.slice(0, 4))]
    .map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55)))
    .join('');
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** In groups of four, as printed on statements: `NL91 DEMO 0123 4567 89`. */
export function formatIban(iban: string): string {
  return compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}
