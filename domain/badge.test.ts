import { describe, expect, it } from 'vitest';
import { badgeColours, badgeInitials } from './badge.ts';

describe('badges', () => {
  it('gives every name stable colours', () => {
    expect(badgeColours('Arsenal FC')).toEqual(badgeColours('Arsenal FC'));
    expect(badgeColours('Arsenal FC').primary).toMatch(/^#[0-9a-f]{6}$/);
    expect(badgeColours('Arsenal FC')).not.toEqual(badgeColours('Chelsea FC'));
  });
  it('makes initials', () => {
    expect(badgeInitials('Manchester City FC')).toBe('MC');
    expect(badgeInitials('Arsenal FC')).toBe('ARS');
    expect(badgeInitials('Brighton & Hove Albion FC')).toBe('BHA');
  });
});
