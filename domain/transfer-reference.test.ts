// The bank-transfer reference (issue #21): short, unambiguous, and its check
// character catches any one mistyped character and swapped neighbours.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkCharacter,
  formatIban,
  formatReference,
  isValidIban,
  readReference,
  referenceFromBytes,
} from './transfer-reference.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('transfer references', () => {
  it('are eight characters of an alphabet without I, L, O and U, and a check character', () => {
    for (let index = 0; index < 200; index += 1) {
      const compact = referenceFromBytes(randomBytes(5));
      expect(compact).toMatch(/^[0-9A-HJKMNP-TV-Z]{9}$/);
      expect(compact.at(-1)).toBe(checkCharacter(compact.slice(0, 8)));
      expect(readReference(formatReference(compact))).toEqual({ kind: 'valid', compact });
    }
    expect(formatReference('ABCD1234X')).toBe('SL-ABCD-1234-X');
  });

  it('are read however they are typed: case, spaces, dashes, the prefix, O for 0 and I or L for 1', () => {
    const compact = `0121ABCD${checkCharacter('0121ABCD')}`;
    const typed = ` sl-O12l abcd-${compact.at(-1)!.toLowerCase()} `;
    expect(readReference(typed)).toEqual({ kind: 'valid', compact });
    expect(readReference('hello')).toEqual({ kind: 'not_a_reference' });
    expect(readReference('ann@example.com')).toEqual({ kind: 'not_a_reference' });
  });

  it('catch every single mistyped character and every swap of two different neighbours', () => {
    for (let round = 0; round < 50; round += 1) {
      const compact = referenceFromBytes(randomBytes(5));
      for (let position = 0; position < compact.length; position += 1) {
        for (const char of ALPHABET) {
          if (char === compact[position]) continue;
          const typo = compact.slice(0, position) + char + compact.slice(position + 1);
          expect(readReference(typo).kind).toBe('typo');
        }
      }
      for (let position = 0; position < compact.length - 1; position += 1) {
        if (compact[position] === compact[position + 1]) continue;
        const swapped =
          compact.slice(0, position) + compact[position + 1] + compact[position] + compact.slice(position + 2);
        // Luhn mod N misses only a swap of the alphabet's first and last characters (0 and Z).
        const a = ALPHABET.indexOf(compact[position]!);
        const b = ALPHABET.indexOf(compact[position + 1]!);
        if (Math.abs(a - b) === 31) continue;
        expect(readReference(swapped).kind, `${compact} → ${swapped}`).toBe('typo');
      }
    }
  });
});

describe('IBANs', () => {
  it('are checked with mod 97 and printed in groups of four', () => {
    expect(isValidIban('NL93DEMO0123456789')).toBe(true);
    expect(isValidIban('nl93 demo 0123 4567 89')).toBe(true);
    expect(isValidIban('NL94DEMO0123456789')).toBe(false);
    expect(isValidIban('GB33BUKB20201555555555')).toBe(true);
    expect(isValidIban('not an iban')).toBe(false);
    expect(formatIban('NL93DEMO0123456789')).toBe('NL93 DEMO 0123 4567 89');
  });
});
