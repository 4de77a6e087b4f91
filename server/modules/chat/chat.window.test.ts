// A chat room's window (issue #23): open from 60 minutes before kick-off, while live, and for 30 minutes
// after the final whistle; read-only otherwise.
import { describe, expect, it } from 'vitest';
import { roomWindowState } from '../../../domain/chat-window.ts';
import { timeLeft } from './chat.service.ts';

const MINUTE = 60_000;
const kickoff = Date.parse('2026-11-27T15:00:00Z');
const at = (minutes: number) => new Date(kickoff + minutes * MINUTE);
const match = (
  status: 'scheduled' | 'live' | 'half-time' | 'finished' | 'postponed' | 'abandoned',
  whistleAfter?: number,
) => ({
  status,
  kickoffAt: new Date(kickoff).toISOString(),
  clock:
    whistleAfter === undefined
      ? null
      : { phase: 'FT' as const, phaseStartedAt: at(whistleAfter).toISOString(), rate: 1 },
});

describe('roomWindowState', () => {
  it('opens 60 minutes before kick-off', () => {
    expect(roomWindowState(match('scheduled'), at(-61))).toBe('read-only');
    expect(roomWindowState(match('scheduled'), at(-60))).toBe('open');
    expect(roomWindowState(match('scheduled'), at(-1))).toBe('open');
  });

  it('stays open while live, at half-time too', () => {
    expect(roomWindowState(match('live'), at(30))).toBe('open');
    expect(roomWindowState(match('half-time'), at(50))).toBe('open');
  });

  it('closes 30 minutes after the final whistle', () => {
    const finished = match('finished', 112);
    expect(roomWindowState(finished, at(112 + 29))).toBe('open');
    expect(roomWindowState(finished, at(112 + 30))).toBe('read-only');
    // Without a recorded whistle: 115 minutes after kick-off.
    expect(roomWindowState(match('finished'), at(144))).toBe('open');
    expect(roomWindowState(match('finished'), at(146))).toBe('read-only');
  });

  it('keeps postponed, abandoned and long-overdue matches read-only', () => {
    expect(roomWindowState(match('postponed'), at(-10))).toBe('read-only');
    expect(roomWindowState(match('abandoned'), at(60))).toBe('read-only');
    expect(roomWindowState(match('scheduled'), at(181))).toBe('read-only');
  });
});

describe('timeLeft', () => {
  it('says minutes, then hours, then days, rounded up', () => {
    expect(timeLeft(1000)).toBe('1 minute');
    expect(timeLeft(15 * MINUTE)).toBe('15 minutes');
    expect(timeLeft(3 * 60 * MINUTE)).toBe('3 hours');
    expect(timeLeft(5 * 24 * 60 * MINUTE)).toBe('5 days');
  });
});
