// One match in a list (home, live, league, team pages): kick-off time or the
// live clock, both teams with generated badges, the score, and a replay label.
// Presentational: the caller passes the (live-patched) summary and the time.
import { badgeInitials } from '../../domain/badge.ts';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { clockLabel } from '../../domain/match-clock.ts';
import { isLive } from '../../domain/match-status.ts';
import type { ReactNode } from 'react';
import { AppLink } from './app-link.tsx';

export function TeamBadge({ team, size = 'sm' }: { team: MatchSummary['home']; size?: 'sm' | 'lg' }) {
  const dimension = size === 'sm' ? 'size-6 text-[0.6rem]' : 'size-12 text-sm';
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold text-white ${dimension}`}
      style={{ backgroundColor: team.colours.primary, boxShadow: `inset 0 0 0 2px ${team.colours.secondary}` }}
    >
      {badgeInitials(team.name)}
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
    default:
      return match.kickoffTimeKnown
        ? new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(match.kickoffAt))
        : 'TBC';
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
  const scored = match.score.home !== null && match.score.away !== null;
  const score = scored && !hideScore ? `${match.score.home} – ${match.score.away}` : hideScore && scored ? '? – ?' : '–';
  const label = `${match.home.name} ${scored && !hideScore ? `${match.score.home}, ${match.away.name} ${match.score.away}` : `v ${match.away.name}`}`;
  return (
    <li className={actions ? 'flex items-center gap-1' : undefined}>
      <AppLink
        to={`/match/${match.id}`}
        className={`grid grid-cols-[3.5rem_1fr_auto_1fr] items-center gap-2 rounded-lg px-2 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800${actions ? ' min-w-0 flex-1' : ''}`}
        aria-label={`${label}. ${matchStatusLabel(match, now, timeZone)}${match.replayOf ? '. Replay' : ''}`}
        data-match-id={match.id}
      >
        <span className={`text-xs font-semibold tabular-nums ${live ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`} suppressHydrationWarning>
          {matchStatusLabel(match, now, timeZone)}
          {match.replayOf ? <span className="block text-[0.65rem] font-normal text-amber-800 dark:text-amber-300">Replay</span> : null}
        </span>
        <span className="flex min-w-0 items-center justify-end gap-2 text-right">
          <span className="truncate">{match.home.name}</span>
          <TeamBadge team={match.home} />
        </span>
        <span className={`min-w-[3.5rem] text-center font-bold tabular-nums ${live ? 'text-red-700 dark:text-red-400' : ''}`} data-testid="row-score">
          {score}
        </span>
        <span className="flex min-w-0 items-center gap-2">
          <TeamBadge team={match.away} />
          <span className="truncate">{match.away.name}</span>
        </span>
      </AppLink>
      {actions}
    </li>
  );
}
