import { describe, expect, it } from 'vitest';
import { hidesMatch, parseSpoilerTeams, spoilerSettingFromCookie } from './spoiler.ts';

const match = (home: number, away: number) => ({ id: 1, home: { id: home }, away: { id: away } });

describe('spoiler-safe setting', () => {
  it('reads every score hidden, and the hidden teams, from the cookies', () => {
    expect(spoilerSettingFromCookie('tz=UTC; spoiler-safe=1')).toEqual({ all: true, teams: [] });
    expect(spoilerSettingFromCookie('spoiler-teams=12-45')).toEqual({ all: false, teams: [12, 45] });
    expect(spoilerSettingFromCookie(null)).toEqual({ all: false, teams: [] });
    expect(spoilerSettingFromCookie('spoiler-safe=0')).toEqual({ all: false, teams: [] });
  });

  it('keeps only valid team ids, each once, at most 50', () => {
    expect(parseSpoilerTeams('12-x-0-12--7-99999999999')).toEqual([12, 7]);
    expect(parseSpoilerTeams(Array.from({ length: 80 }, (_, index) => index + 1).join('-'))).toHaveLength(50);
    expect(parseSpoilerTeams('')).toEqual([]);
  });

  it('hides a match when every score is hidden or either team is', () => {
    expect(hidesMatch({ all: true, teams: [] }, match(1, 2))).toBe(true);
    expect(hidesMatch({ all: false, teams: [2] }, match(1, 2))).toBe(true);
    expect(hidesMatch({ all: false, teams: [1] }, match(1, 2))).toBe(true);
    expect(hidesMatch({ all: false, teams: [3] }, match(1, 2))).toBe(false);
    expect(hidesMatch({ all: false, teams: [] }, match(1, 2))).toBe(false);
  });
});
