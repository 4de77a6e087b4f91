// Password and phone rules (NIST SP 800-63B §5.1.1.2; spec §5 E.164).
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords.ts';
import { newPasswordSchema, passwordMessages, phoneSchema, registerInputSchema } from './auth.schemas.ts';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('new passwords', () => {
  it('need at least 8 characters, counted as characters, not UTF-16 units', () => {
    expect(messageOf(newPasswordSchema.safeParse('seven77'))).toBe(passwordMessages.tooShort);
    expect(newPasswordSchema.safeParse('eight888').success).toBe(true);
    // Seven emoji are 14 UTF-16 units but 7 characters.
    expect(messageOf(newPasswordSchema.safeParse('⚽⚽⚽⚽⚽⚽⚽'))).toBe(passwordMessages.tooShort);
    expect(newPasswordSchema.safeParse('⚽⚽⚽⚽⚽⚽⚽⚽').success).toBe(true);
  });

  it('have no composition rules', () => {
    expect(newPasswordSchema.safeParse('all lower case words').success).toBe(true);
  });

  it('are refused when among the most common ones, whatever the case', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(400);
    for (const common of ['password', 'Password1', 'QWERTY123', 'iloveyou', '12345678', 'liverpool', ' football ']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    expect(messageOf(newPasswordSchema.safeParse('Football1'))).toBe(passwordMessages.common);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });

  it('are at most 256 characters', () => {
    expect(messageOf(newPasswordSchema.safeParse('a'.repeat(257)))).toBe(passwordMessages.tooLong);
    // 256 emoji are 512 UTF-16 units and still allowed.
    expect(newPasswordSchema.safeParse('⚽'.repeat(256)).success).toBe(true);
  });

  it('past 512 UTF-16 units are refused with one issue, before the character count and the common list read them', () => {
    const result = newPasswordSchema.safeParse('é'.repeat(60_000));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([passwordMessages.tooLong]);
  });
});

describe('phone numbers', () => {
  it.each([
    ['+447700900123', '+447700900123'],
    ['+44 7700 900-123', '+447700900123'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['', undefined],
  ])('accepts %j as %j', (input, expected) => {
    expect(phoneSchema.parse(input)).toBe(expected);
  });

  it.each(['07700900123', '+0123456', '+1234567890123456', 'phone'])('refuses %j', (input) => {
    expect(phoneSchema.safeParse(input).success).toBe(false);
  });
});

describe('registration input', () => {
  it('lower-cases and trims the email', () => {
    expect(registerInputSchema.parse({ email: '  Ada@Example.COM ', password: 'a long passphrase' }).email).toBe(
      'ada@example.com',
    );
  });
});
