// One match in a list (home, live, league, team pages): kick-off time or the
// live clock, both teams with generated badges, the score, and a replay label.
// Presentational: the caller passes the (live-patched) summary and the time.
import { kickoffCountdown } from '../lib/time/relative-time.ts';
import { badgeInitials } from '../../domain/badge.ts';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { clockLabel } from '../../domain/match-clock.ts';
import { isLive, isResultMissing } from '../../domain/match-status.ts';
import { formatClockTime } from '../../domain/time-zones.ts';
import type { ReactNode } from 'react';
import { ListLink } from './list-link.tsx';

/** Relative luminance (WCAG) of a #rrggbb colour; null when it is not one. */
function luminance(hex: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Each badge colour's answer, kept: a busy day's list draws 240 badges from a few dozen colours. */
const textColours = new Map<string, string>();
const MAX_TEXT_COLOURS = 512;

/**
 * White or black initials, whichever contrasts more with the badge colour:
 * the better of the two is always at least 4.58:1 (WCAG AA for small text).
 */
export function badgeTextColour(background: string): string {
  let colour = textColours.get(background);
  if (colour === undefined) {
    const value = luminance(background);
    colour = value === null || 1.05 / (value + 0.05) >= (value + 0.05) / 0.05 ? '#ffffff' : '#000000';
    if (textColours.size >= MAX_TEXT_COLOURS) textColours.clear();
    textColours.set(background, colour);
  }
  return colour;
}

/** The team's stored code (unique in its competition seasons), else one derived from its short name. */
export function TeamBadge({ team, size = 'sm' }: { team: MatchSummary['home']; size?: 'sm' | 'lg' }) {
  // Three bold capitals (POR, GER) must fit inside the ring.
  const dimension = size === 'sm' ? 'size-7 text-[0.55rem] tracking-tighter' : 'size-12 text-sm';
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold ${dimension}`}
      style={{
        backgroundColor: team.colours.primary,
        color: badgeTextColour(team.colours.primary),
        boxShadow: `inset 0 0 0 2px ${team.colours.secondary}`,
      }}
    >
      {team.code ?? badgeInitials(team.shortName)}
    </span>
  );
}

/** What the status column shows: the live clock, HT, FT/AET/pens, or the kick-off time in `timeZone`. */
export function matchStatusLabel(match: MatchSummary, now: Date, timeZone: string): string {
  if (isLive(match.status)) {
    const label = match.clock ? clockLabel(match.clock, now) : '';
    if (label) return label;
    return match.status === 'half-time' ? 'HT' : match.minute !== null ? `${match.minute}'` : 'Live';
  }
  switch (match.status) {
    case 'finished':
      return match.score.penalties ? 'Pens' : match.score.extraTime ? 'AET' : 'FT';
    case 'postponed':
      return 'Postp.';
    case 'cancelled':
      return 'Canc.';
    case 'abandoned':
      return 'Aband.';
    case 'awarded':
      return 'Awd.';
    case 'scheduled':
      // Long past its kick-off with no result in our data: never "not started" (issue #19).
      if (isResultMissing(match, now)) return 'N/A';
      return match.kickoffTimeKnown ? formatClockTime(match.kickoffAt, timeZone) : 'TBC';
    default:
      return match.kickoffTimeKnown ? formatClockTime(match.kickoffAt, timeZone) : 'TBC';
  }
}

export function MatchRow({
  match,
  now,
  timeZone,
  hideScore = false,
  actions,
}: {
  match: MatchSummary;
  now: Date;
  timeZone: string;
  hideScore?: boolean;
  /** Buttons shown after the row's link (favourite star, reveal score). */
  actions?: ReactNode;
}) {
  const live = isLive(match.status);
  const countdown =
    match.status === 'scheduled' && match.kickoffTimeKnown ? kickoffCountdown(match.kickoffAt, now) : null;
  const scored = match.score.home !== null && match.score.away !== null;
  const score =
    scored && !hideScore ? `${match.score.home} – ${match.score.away}` : hideScore && scored ? '? – ?' : '–';
  // "AET" or "Pens" would say the match was level after 90 minutes: a hidden score says "FT" only.
  const status = hideScore && match.status === 'finished' ? 'FT' : matchStatusLabel(match, now, timeZone);
  const spokenStatus = isResultMissing(match, now) ? 'Result not available' : status;
  const label = `${match.home.name} ${scored && !hideScore ? `${match.score.home}, ${match.away.name} ${match.score.away}` : `v ${match.away.name}`}`;
  return (
    <li className={actions ? 'flex items-center gap-1' : undefined}>
      <ListLink
        to={`/match/${match.id}`}
        className={`grid grid-cols-[2.75rem_1fr_auto_1fr] items-center gap-1.5 rounded-lg px-1.5 py-2 text-sm sm:grid-cols-[3.5rem_1fr_auto_1fr] sm:gap-2 sm:px-2 hover:bg-slate-100 dark:hover:bg-slate-800${actions ? ' min-w-0 flex-1' : ''}`}
        aria-label={`${label}. ${spokenStatus}${match.replayOf ? '. Replay' : ''}`}
        data-match-id={match.id}
      >
        <span
          className={`text-xs font-semibold tabular-nums ${live ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
          title={spokenStatus === status ? undefined : spokenStatus}
          suppressHydrationWarning
        >
          {status}
          {countdown ? (
            <span
              className="block text-[0.65rem] font-normal text-slate-600 dark:text-slate-400"
              suppressHydrationWarning
            >
              {countdown}
            </span>
          ) : null}
          {match.replayOf ? (
            <span className="block text-[0.65rem] font-normal text-amber-800 dark:text-amber-300">Replay</span>
          ) : null}
        </span>
        <span className="flex min-w-0 items-center justify-end gap-2 text-right">
          <span className="truncate" title={match.home.shortName === match.home.name ? undefined : match.home.name}>
            {match.home.shortName}
          </span>
          <TeamBadge team={match.home} />
        </span>
        <span
          className={`min-w-[3rem] text-center font-bold sm:min-w-[3.5rem] tabular-nums ${live ? 'text-red-700 dark:text-red-400' : ''}`}
          data-testid="row-score"
        >
          {score}
        </span>
        <span className="flex min-w-0 items-center gap-2">
          <TeamBadge team={match.away} />
          <span className="truncate" title={match.away.shortName === match.away.name ? undefined : match.away.name}>
            {match.away.shortName}
          </span>
        </span>
      </ListLink>
      {actions}
    </li>
  );
}
