import { describe, expect, it } from 'vitest';
import { encodeLocalPath, isSafeLocalPath, safeLocalPath } from './redirect.ts';

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

  it('rejects a target that is not valid Unicode (a lone surrogate)', () => {
    expect(safeLocalPath('/team?q=\uD800', '/home')).toBe('/home');
    expect(encodeLocalPath('/a\uDC00b')).toBeNull();
  });
});

describe('safeLocalPath encodes the target for a Location header', () => {
  it.each([
    ['/team?q=Спартак', '/team?q=%D0%A1%D0%BF%D0%B0%D1%80%D1%82%D0%B0%D0%BA'],
    ['/team?q=Málaga', '/team?q=M%C3%A1laga'],
    ['/league/ñ#Über', '/league/%C3%B1#%C3%9Cber'],
    ['/team?q=⚽', '/team?q=%E2%9A%BD'],
    ['/search?q=a%20b', '/search?q=a%20b'],
    ['/match/12?tab=stats#events', '/match/12?tab=stats#events'],
    ['/search?q=50%25', '/search?q=50%25'],
    ['/search?q=100%25%20sure', '/search?q=100%25%20sure'],
  ])('%s -> %s', (target, encoded) => {
    expect(safeLocalPath(target)).toBe(encoded);
    // What a Location header can hold: a ByteString. Every character is printable ASCII here.
    expect(() => new Headers({ Location: safeLocalPath(target) })).not.toThrow();
    expect(decodeURIComponent(safeLocalPath(target))).toBe(decodeURIComponent(target));
  });

  it('keeps the local-path rule for characters that look like slashes', () => {
    // A full-width solidus is not a slash to a URL parser: encoded, it stays a path segment.
    expect(safeLocalPath('/\uFF0Fevil.example')).toBe('/%EF%BC%8Fevil.example');
    expect(new URL(safeLocalPath('/\uFF0Fevil.example'), 'https://scoreline.test').origin).toBe(
      'https://scoreline.test',
    );
    // Unicode spaces and line separators are refused, as ASCII ones are.
    for (const target of ['/\u3000/evil.example', '/\u2028/evil.example', '/\u00A0/evil.example']) {
      expect(safeLocalPath(target), JSON.stringify(target)).toBe('/');
    }
  });
});

describe('isSafeLocalPath with an escaped percent sign', () => {
  it('keeps a target whose decoded form holds a literal %, refuses a raw malformed escape and a hidden //', () => {
    expect(isSafeLocalPath('/search?q=50%25')).toBe(true);
    expect(isSafeLocalPath('/search?q=50%')).toBe(false);
    expect(isSafeLocalPath('/%252F%252Fevil.example%25')).toBe(false);
  });
});
