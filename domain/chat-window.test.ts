// When a chat room's window changes by the clock alone (issue #23): the chat box on a match page times its
// switch from open to read-only (and back) with nextWindowChange, and the server decides with roomWindowState;
// at every moment nextWindowChange names, roomWindowState changes.
import { describe, expect, it } from 'vitest';
import { nextWindowChange, roomWindowState, type ChatWindowMatch } from './chat-window.ts';

const MINUTE = 60_000;
const kickoff = Date.parse('2026-11-27T15:00:00Z');
const at = (minutes: number) => new Date(kickoff + minutes * MINUTE);
const match = (status: ChatWindowMatch['status'], whistleAfter?: number): ChatWindowMatch => ({
  status,
  kickoffAt: new Date(kickoff).toISOString(),
  clock: whistleAfter === undefined ? null : { phase: 'FT', phaseStartedAt: at(whistleAfter).toISOString() },
});

describe('nextWindowChange', () => {
  it('names the opening 60 minutes before kick-off, then the overdue turn 3 hours after it', () => {
    expect(nextWindowChange(match('scheduled'), at(-90))).toBe(at(-60).getTime());
    expect(nextWindowChange(match('scheduled'), at(-60))).toBe(at(180).getTime());
    expect(nextWindowChange(match('scheduled'), at(-5))).toBe(at(180).getTime());
    expect(nextWindowChange(match('scheduled'), at(181))).toBeNull();
  });

  it('names nothing while live: the match changing (full time) moves the times', () => {
    expect(nextWindowChange(match('live'), at(30))).toBeNull();
    expect(nextWindowChange(match('half-time'), at(50))).toBeNull();
  });

  it('names the turn to read-only 30 minutes after the final whistle, or after an assumed length', () => {
    expect(nextWindowChange(match('finished', 112), at(113))).toBe(at(142).getTime());
    expect(nextWindowChange(match('finished', 112), at(142))).toBeNull();
    expect(nextWindowChange(match('finished'), at(120))).toBe(at(145).getTime());
  });

  it('names nothing for postponed, cancelled and abandoned matches', () => {
    for (const status of ['postponed', 'cancelled', 'abandoned'] as const)
      expect(nextWindowChange(match(status), at(-90))).toBeNull();
  });

  it('agrees with roomWindowState: the state changes exactly at the named moment', () => {
    for (const [example, from] of [
      [match('scheduled'), -200],
      [match('scheduled'), -30],
      [match('finished', 97), 100],
      [match('finished'), 60],
    ] as const) {
      const edge = nextWindowChange(example, at(from));
      expect(edge).not.toBeNull();
      const before = roomWindowState(example, new Date(edge! - 1));
      expect(roomWindowState(example, new Date(edge!))).not.toBe(before);
      // And nothing changes before it.
      expect(roomWindowState(example, at(from))).toBe(before);
    }
  });
});
