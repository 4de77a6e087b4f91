// Commentary lines generated from match events (issue #4): plain English that
// states only what the data shows — who, which team, the minute, the score —
// varied by a deterministic choice so the same match always reads the same.
import type { CommentaryLine } from './live-contracts.ts';

export interface CommentaryNames {
  home: string;
  away: string;
}

export interface CommentarySubject {
  /** Stable per match: decides the wording variant and orders the lines. */
  seq: number;
  period: string;
  minute: number;
  addedMinute: number | null;
  type: string;
  side: 'home' | 'away' | null;
  player: string | null;
  relatedPlayer: string | null;
  detail: string | null;
  /** The score after this event (regular plus extra time), for goal and period lines. */
  scoreAfter: { home: number; away: number } | null;
  /** The shoot-out score after this kick. */
  penaltiesAfter: { home: number; away: number } | null;
}

/** Picks one of `options` by a multiplicative hash of `seed`, so variants spread evenly. */
function pick<T>(options: readonly T[], seed: number): T {
  const index = Math.abs(Math.imul(seed + 1, 2654435761) >>> 0) % options.length;
  return options[index] as T;
}

function scoreText(names: CommentaryNames, score: { home: number; away: number } | null): string {
  return score ? `${names.home} ${score.home}–${score.away} ${names.away}` : '';
}

/** The commentary line for one event or moment; null when there is nothing honest to say. */
export function commentaryLine(subject: CommentarySubject, names: CommentaryNames): Omit<CommentaryLine, 'seq'> | null {
  const team = subject.side === 'home' ? names.home : subject.side === 'away' ? names.away : null;
  const other = subject.side === 'home' ? names.away : subject.side === 'away' ? names.home : null;
  const who = subject.player ?? (team ? `A ${team} player` : 'A player');
  const whoLower = subject.player ?? (team ? `a ${team} player` : 'a player');
  const score = scoreText(names, subject.scoreAfter);
  const seed = subject.seq;
  const base = { period: subject.period, minute: subject.minute, addedMinute: subject.addedMinute };
  const line = (kind: CommentaryLine['kind'], text: string) => ({ ...base, kind, text });

  switch (subject.type) {
    case 'goal': {
      const assist = subject.relatedPlayer
        ? pick(
            [
              `, set up by ${subject.relatedPlayer}`,
              ` from ${subject.relatedPlayer}'s pass`,
              ` with the assist from ${subject.relatedPlayer}`,
            ],
            seed,
          )
        : '';
      return line(
        'goal',
        pick(
          [
            `Goal! ${who} scores for ${team ?? 'his side'}${assist}. ${score}.`,
            `Goal for ${team ?? 'them'}: ${whoLower} finds the net${assist}. ${score}.`,
            `${who} puts the ball in the net for ${team ?? 'his side'}${assist}. It is ${score}.`,
          ],
          seed,
        ),
      );
    }
    case 'penalty_goal':
      return line(
        'goal',
        pick(
          [
            `Goal! ${who} scores from the penalty spot for ${team ?? 'his side'}. ${score}.`,
            `Penalty converted by ${whoLower} for ${team ?? 'his side'}. ${score}.`,
            `${who} takes the penalty and scores for ${team ?? 'his side'}. It is ${score}.`,
          ],
          seed,
        ),
      );
    case 'own_goal':
      return line(
        'goal',
        pick(
          [
            `Own goal by ${whoLower}${other ? ` of ${other}` : ''}: it counts for ${team ?? 'the other side'}. ${score}.`,
            `Goal for ${team ?? 'them'}, an own goal by ${whoLower}. ${score}.`,
          ],
          seed,
        ),
      );
    case 'missed_penalty':
      return line(
        'chance',
        pick(
          [
            `${who} misses a penalty for ${team ?? 'his side'}.`,
            `Penalty missed: ${whoLower} does not score from the spot for ${team ?? 'his side'}.`,
          ],
          seed,
        ),
      );
    case 'yellow_card': {
      const reason = subject.detail ? ` (${subject.detail})` : '';
      return line(
        'card',
        pick(
          [
            `Yellow card for ${whoLower}${team ? ` of ${team}` : ''}${reason}.`,
            `${who}${team ? ` (${team})` : ''} is booked${reason}.`,
            `The referee shows ${whoLower}${team ? ` of ${team}` : ''} a yellow card${reason}.`,
          ],
          seed,
        ),
      );
    }
    case 'second_yellow':
      return line(
        'card',
        pick(
          [
            `Second yellow card for ${whoLower}${team ? ` of ${team}` : ''}: he is sent off.`,
            `${who}${team ? ` (${team})` : ''} is shown a second yellow and then red. ${team ?? 'His side'} are down a player.`,
          ],
          seed,
        ),
      );
    case 'red_card':
      return line(
        'card',
        pick(
          [
            `Red card! ${who}${team ? ` (${team})` : ''} is sent off.`,
            `${who}${team ? ` of ${team}` : ''} is shown a straight red card.`,
          ],
          seed,
        ),
      );
    case 'substitution': {
      const on = subject.player ?? 'a substitute';
      const off = subject.relatedPlayer ?? 'a team-mate';
      return line(
        'substitution',
        pick(
          [
            `Substitution${team ? ` for ${team}` : ''}: ${on} comes on for ${off}.`,
            `${team ? `${team} make a change: ` : 'A change: '}${off} goes off, ${on} comes on.`,
            `${on} replaces ${off}${team ? ` for ${team}` : ''}.`,
          ],
          seed,
        ),
      );
    }
    case 'period_start':
      return line(
        'period',
        {
          '1H': `Kick-off: ${names.home} v ${names.away} is under way.`,
          '2H': `The second half is under way. ${score}.`,
          E1: `Extra time begins. ${score}.`,
          E2: `The second half of extra time begins. ${score}.`,
          P: 'The penalty shoot-out begins.',
        }[subject.period] ?? 'Play resumes.',
      );
    case 'period_end':
      return line(
        'period',
        {
          '1H': `Half-time: ${score}.`,
          '2H': `The second half is over: ${score}.`,
          E1: `Half-time in extra time: ${score}.`,
          E2: `Extra time is over: ${score}.`,
          P: subject.penaltiesAfter
            ? `The shoot-out is over: ${names.home} ${subject.penaltiesAfter.home}–${subject.penaltiesAfter.away} ${names.away} on penalties.`
            : 'The shoot-out is over.',
        }[subject.period] ?? 'The period is over.',
      );
    case 'full_time':
      return line('period', pick([`Full time: ${score}.`, `It is all over: ${score}.`], seed));
    case 'shootout_goal':
    case 'shootout_miss': {
      const tally = subject.penaltiesAfter
        ? ` Shoot-out: ${names.home} ${subject.penaltiesAfter.home}–${subject.penaltiesAfter.away} ${names.away}.`
        : '';
      return line(
        'chance',
        subject.type === 'shootout_goal'
          ? pick(
              [
                `${who} scores in the shoot-out for ${team ?? 'his side'}.`,
                `${who} converts his kick for ${team ?? 'his side'}.`,
              ],
              seed,
            ) + tally
          : pick(
              [
                `${who} misses in the shoot-out for ${team ?? 'his side'}.`,
                `${who}'s kick for ${team ?? 'his side'} does not go in.`,
              ],
              seed,
            ) + tally,
      );
    }
    case 'shot-saved':
      return line(
        'chance',
        pick(
          [
            `${who}${team ? ` (${team})` : ''} gets a shot on target, but it is kept out.`,
            `A shot on target from ${whoLower}${team ? ` for ${team}` : ''} is stopped.`,
          ],
          seed,
        ),
      );
    case 'shot-wide':
      return line(
        'chance',
        pick(
          [
            `${who}${team ? ` (${team})` : ''} shoots, off target.`,
            `${who} tries his luck${team ? ` for ${team}` : ''}, but the shot misses the target.`,
          ],
          seed,
        ),
      );
    case 'shot-blocked':
      return line(
        'chance',
        pick([`${who}'s shot${team ? ` for ${team}` : ''} is blocked.`, `A shot from ${whoLower} is blocked.`], seed),
      );
    case 'corner':
      return team
        ? line('set-piece', pick([`Corner to ${team}.`, `${team} win a corner.`, `${team} have a corner kick.`], seed))
        : null;
    default:
      return null;
  }
}

/** The facts of a match's key events that commentary needs (the football contract's MatchEvent has them). */
export interface CommentaryEvent {
  seq: number;
  period: string;
  minute: number;
  addedMinute: number | null;
  type: string;
  /** The team the event counts for (an own goal: the team it was scored for). */
  teamId: number | null;
  player: { name: string; shortName?: string } | null;
  relatedPlayer: { name: string; shortName?: string } | null;
  detail: string | null;
}

const SCORED = new Set(['goal', 'own_goal', 'penalty_goal']);

/**
 * Commentary for a match that was not followed live here (issue #19): the same lines the live pipeline
 * writes, from its stored key events in match order, and a full-time line when it is over. Pure, so a
 * finished match reads the same every time.
 */
export function commentaryFromEvents(
  events: readonly CommentaryEvent[],
  teams: { homeId: number; awayId: number },
  names: CommentaryNames,
  finished: boolean,
): CommentaryLine[] {
  const score = { home: 0, away: 0 };
  const pens = { home: 0, away: 0 };
  const lines: CommentaryLine[] = [];
  const sideOf = (teamId: number | null) =>
    teamId === teams.homeId ? 'home' : teamId === teams.awayId ? 'away' : null;
  const short = (person: CommentaryEvent['player']) => (person ? (person.shortName ?? person.name) : null);
  let last: CommentaryEvent | null = null;
  for (const event of events) {
    const side = sideOf(event.teamId);
    if (SCORED.has(event.type) && side) score[side] += 1;
    if (event.type === 'shootout_goal' && side) pens[side] += 1;
    const text = commentaryLine(
      {
        seq: event.seq,
        period: event.period,
        minute: event.minute,
        addedMinute: event.addedMinute,
        type: event.type,
        side,
        player: short(event.player),
        relatedPlayer: short(event.relatedPlayer),
        detail: event.detail,
        scoreAfter: { ...score },
        penaltiesAfter: event.period === 'P' ? { ...pens } : null,
      },
      names,
    );
    if (text) lines.push({ seq: lines.length + 1, ...text });
    last = event;
  }
  if (finished && lines.length > 0) {
    const text = commentaryLine(
      {
        seq: 100_000,
        period: 'FT',
        minute: Math.max(90, last?.minute ?? 90),
        addedMinute: null,
        type: 'full_time',
        side: null,
        player: null,
        relatedPlayer: null,
        detail: null,
        scoreAfter: { ...score },
        penaltiesAfter: pens.home + pens.away > 0 ? { ...pens } : null,
      },
      names,
    );
    if (text) lines.push({ seq: lines.length + 1, ...text });
  }
  return lines;
}
