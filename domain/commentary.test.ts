import { describe, expect, it } from 'vitest';
import { commentaryFromEvents, type CommentaryEvent } from './commentary.ts';

const names = { home: 'Wales', away: 'Northern Ireland' };
const teams = { homeId: 1, awayId: 2 };
const event = (
  seq: number,
  minute: number,
  type: string,
  teamId: number | null,
  player: string | null,
): CommentaryEvent => ({
  seq,
  period: minute <= 45 ? '1H' : '2H',
  minute,
  addedMinute: null,
  type,
  teamId,
  player: player ? { name: player } : null,
  relatedPlayer: null,
  detail: null,
});

describe('commentaryFromEvents (issue #19)', () => {
  it('writes a finished match’s lines from its events, with the running score and a full-time line', () => {
    const lines = commentaryFromEvents(
      [event(1, 30, 'yellow_card', 2, 'Jonny Evans'), event(2, 75, 'own_goal', 1, 'Gareth McAuley')],
      teams,
      names,
      true,
    );
    expect(lines.map((line) => line.minute)).toEqual([30, 75, 90]);
    expect(lines[1]?.kind).toBe('goal');
    expect(lines[1]?.text).toContain('McAuley');
    expect(lines[1]?.text).toContain('Wales 1–0 Northern Ireland');
    expect(lines.at(-1)?.text).toMatch(/Wales 1–0 Northern Ireland/);
    expect(lines.map((line) => line.seq)).toEqual([1, 2, 3]);
  });

  it('says nothing when there is nothing to say, and reads the same every time', () => {
    expect(commentaryFromEvents([], teams, names, true)).toEqual([]);
    const events = [event(1, 12, 'goal', 1, 'Gareth Bale')];
    expect(commentaryFromEvents(events, teams, names, true)).toEqual(commentaryFromEvents(events, teams, names, true));
  });
});
