import { describe, expect, it } from 'vitest';
import { detectLocale } from './locale.ts';

describe('detectLocale', () => {
  it('finds English in a regional tag', () => {
    expect(detectLocale('en-GB,en;q=0.9')).toBe('en');
  });
  it('falls back to en for unsupported languages', () => {
    expect(detectLocale('fr-FR,de;q=0.8')).toBe('en');
  });
  it('falls back to en without a header or with junk', () => {
    expect(detectLocale(undefined)).toBe('en');
    expect(detectLocale(';;;,q=x')).toBe('en');
  });
});
