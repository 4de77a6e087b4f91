// The chat text rules (issue #23): what is removed, what is refused, how characters are counted.
import { describe, expect, it } from 'vitest';
import { chatTextLength, normaliseChatText } from './chat-text.ts';

const text = (raw: string) => {
  const result = normaliseChatText(raw);
  if (!result.ok) throw new Error(result.message);
  return result.text;
};
const refusal = (raw: string) => {
  const result = normaliseChatText(raw);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(raw)}`);
  return result.message;
};

describe('chat text', () => {
  it('trims, keeps line breaks (one empty line at most) and turns CR LF into one', () => {
    expect(text('  Goal!  ')).toBe('Goal!');
    expect(text('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
    expect(text('a\n\n\n\n\nb')).toBe('a\n\nb');
  });

  it('removes bidi overrides and isolates and zero-width characters', () => {
    expect(text('click \u202Egpj.exe')).toBe('click gpj.exe');
    for (const mark of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200B',
      '\u200C',
      '\u200E',
      '\u200F',
      '\u2060',
      '\uFEFF',
    ])
      expect(text(`a${mark}b`), `U+${mark.codePointAt(0)?.toString(16)}`).toBe('ab');
    expect(refusal('\u200B\u202E')).toMatch(/Write a message/);
  });

  it('keeps a zero-width joiner only between emoji', () => {
    expect(text('👩\u200D💻 👨‍👩‍👧 🏳️\u200D🌈 👍🏽')).toBe('👩\u200D💻 👨‍👩‍👧 🏳️\u200D🌈 👍🏽');
    expect(text('ab\u200Dc')).toBe('abc');
    expect(text('👩\u200Dx')).toBe('👩x');
  });

  it('refuses control characters other than a line break, and broken characters', () => {
    for (const control of ['\u0000', '\u0007', '\t', '\u001B', '\u007F', '\u0085', '\u009B'])
      expect(refusal(`x${control}y`)).toMatch(/control characters/);
    expect(refusal('\uD83Dx')).toMatch(/broken/);
  });

  it('counts code points: 500 emoji are 500 characters, 501 letters too many', () => {
    expect(chatTextLength('⚽👩‍💻')).toBe(4);
    expect(text('😀'.repeat(500))).toHaveLength(1000);
    expect(refusal('x'.repeat(501))).toMatch(/at most 500 characters \(this one has 501\)/);
    expect(refusal('   ')).toMatch(/Write a message/);
  });

  it('leaves markup as the characters typed (the page shows text, never HTML)', () => {
    expect(text('<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))')).toBe(
      '<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))',
    );
  });
});
