import { describe, expect, it } from 'vitest';
import { missingFromAccount, unionOf } from './favourites-sync.ts';

const device = { teams: [3, 7], competitions: ['en.1'], matches: [42] };
const account = { teams: [7, 9], competitions: ['es.1', 'en.1'], matches: [] };

describe('merging a guest’s favourites into an account', () => {
  it('adds only what the account lacks', () => {
    expect(missingFromAccount(device, account)).toEqual([
      ['team', '3'],
      ['match', '42'],
    ]);
    expect(missingFromAccount(account, account)).toEqual([]);
  });

  it('keeps each favourite once, the device’s first', () => {
    expect(unionOf(device, account)).toEqual({ teams: [3, 7, 9], competitions: ['en.1', 'es.1'], matches: [42] });
  });
});
