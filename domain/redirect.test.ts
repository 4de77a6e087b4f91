import { describe, expect, it } from 'vitest';
import { isSafeLocalPath, safeLocalPath } from './redirect.ts';

describe('isSafeLocalPath', () => {
  it.each(['/', '/en', '/account', '/match/12?tab=stats#events', '/league/en.1', '/search?q=a%20b'])(
    'accepts the local path %s',
    (target) => {
      expect(isSafeLocalPath(target)).toBe(true);
    },
  );

  it.each([
    '//evil.example',
    '/\\evil.example',
    '%2F%2Fevil.example',
    '/%2Fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    'https://evil.example',
    'http:/evil.example',
    'javascript:alert(1)',
    'evil.example',
    '',
    '/\t/evil.example',
    '/ /evil.example',
    '/%E0%A4%A',
  ])('rejects %s', (target) => {
    expect(isSafeLocalPath(target)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isSafeLocalPath(undefined)).toBe(false);
    expect(isSafeLocalPath(['/a'])).toBe(false);
  });

  it('falls back to home', () => {
    expect(safeLocalPath('//evil.example')).toBe('/');
    expect(safeLocalPath('/account', '/')).toBe('/account');
  });
});
