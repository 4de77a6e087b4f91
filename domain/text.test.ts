import { describe, expect, it } from 'vitest';
import { isPlainLine, isPlainText } from './text.ts';

describe('plain text', () => {
  it('takes any letters, emoji and spacing a person types', () => {
    for (const value of ['Ada Lovelace', 'Спартак', 'القاهرة', 'José ⚽ 👨‍👩‍👧', 'a\u00a0b', 'e\u0301']) {
      expect(isPlainLine(value), value).toBe(true);
      expect(isPlainText(value), value).toBe(true);
    }
  });

  it('refuses NUL and the other control characters; a message keeps tabs and line breaks', () => {
    for (const value of ['a\u0000b', '\u0000', 'a\u0007', '\u001b[31m', 'a\u007f']) {
      expect(isPlainLine(value), JSON.stringify(value)).toBe(false);
      expect(isPlainText(value), JSON.stringify(value)).toBe(false);
    }
    expect(isPlainText('line one\r\nline two\tend')).toBe(true);
    expect(isPlainLine('line one\nline two')).toBe(false);
  });
});
