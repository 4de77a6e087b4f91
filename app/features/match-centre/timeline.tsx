// The match's timeline (goals, cards, substitutions, a shoot-out's kicks), in match time. Its code loads
// after the page's (a deferred part of the match centre, app/lib/loading/deferred.tsx): the server renders
// it in full, and the match page stays within its first-load budget (server/page-budgets.test.ts).
import type { MatchEvent, MatchSummary } from '../../../domain/football-contracts.ts';
import { compareMatchTime, minuteLabel } from '../../../domain/match-order.ts';
import { isLive, isResultMissing } from '../../../domain/match-status.ts';

export interface TimelineProps {
  match: MatchSummary;
  events: MatchEvent[];
}

const EVENT_LABEL: Record<string, string> = {
  goal: 'Goal',
  own_goal: 'Own goal',
  penalty_goal: 'Penalty goal',
  missed_penalty: 'Penalty missed',
  yellow_card: 'Yellow card',
  second_yellow: 'Second yellow card',
  red_card: 'Red card',
  substitution: 'Substitution',
  shootout_goal: 'Shoot-out: scored',
  shootout_miss: 'Shoot-out: missed',
};

/** Drawn, not emoji: the same on every system (no emoji font needed). */
function EventIcon({ type }: { type: string }) {
  const card = (colour: string) => <span className={`inline-block h-3.5 w-2.5 rounded-[2px] ${colour}`} />;
  let icon: React.ReactNode;
  switch (type) {
    case 'goal':
    case 'penalty_goal':
    case 'own_goal':
    case 'shootout_goal':
      icon = (
        <svg viewBox="0 0 16 16" className={`size-4 ${type === 'own_goal' ? 'text-red-700 dark:text-red-400' : ''}`}>
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 4.5 11 6.7 9.9 10.2H6.1L5 6.7Z" fill="currentColor" />
        </svg>
      );
      break;
    case 'yellow_card':
      icon = card('bg-yellow-400');
      break;
    case 'red_card':
      icon = card('bg-red-600');
      break;
    case 'second_yellow':
      icon = (
        <span className="inline-flex gap-0.5">
          {card('bg-yellow-400')}
          {card('bg-red-600')}
        </span>
      );
      break;
    case 'substitution':
      icon = <span className="font-bold text-emerald-700 dark:text-emerald-400">⇄</span>;
      break;
    default:
      icon = <span className="font-bold">×</span>;
  }
  return (
    <span aria-hidden="true" className="inline-flex w-5 shrink-0 justify-center pt-0.5">
      {icon}
    </span>
  );
}

/** What an empty timeline means depends on where the match is and on what our data holds (issue #19). */
function emptyTimelineText(match: MatchSummary, now: Date): string {
  if (isResultMissing(match, now)) return 'No result or timeline for this match in our data.';
  if (match.status === 'scheduled' || match.status === 'postponed') return 'The timeline starts at kick-off.';
  if (isLive(match.status)) return 'No goals, cards or substitutions yet.';
  return match.hasEvents ? 'No goals, cards or substitutions.' : 'No timeline for this match in our data.';
}

export function Timeline({ match, events }: TimelineProps) {
  const shown = events.filter((event) => event.type in EVENT_LABEL).sort(compareMatchTime);
  if (shown.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">{emptyTimelineText(match, new Date())}</p>;
  // A shoot-out (issue #19): its score as it stood after each kick, and once before the kicks, in order.
  const running = { home: 0, away: 0 };
  const shootoutScore = new Map<number, string>();
  for (const event of shown) {
    if (event.type !== 'shootout_goal' && event.type !== 'shootout_miss') continue;
    if (event.type === 'shootout_goal') running[event.teamId === match.home.id ? 'home' : 'away'] += 1;
    shootoutScore.set(event.seq, `${running.home}–${running.away}`);
  }
  const firstKick = shown.find((event) => shootoutScore.has(event.seq))?.seq;
  const pens = match.score.penalties ?? (shootoutScore.size > 0 ? running : null);
  return (
    <ol className="space-y-2" data-testid="timeline">
      {shown.map((event) => {
        const home = event.teamId === match.home.id;
        const kick = shootoutScore.get(event.seq);
        const who = event.player ? (event.player.shortName ?? event.player.name) : '';
        const related = event.relatedPlayer ? (event.relatedPlayer.shortName ?? event.relatedPlayer.name) : null;
        const extra =
          event.type === 'substitution' && related
            ? ` for ${related}`
            : (event.type === 'goal' || event.type === 'penalty_goal') && related
              ? ` (assist ${related})`
              : '';
        const row = (
          <li key={event.seq} className={`flex items-start gap-2 text-sm ${home ? '' : 'flex-row-reverse text-right'}`}>
            <span className="w-12 shrink-0 font-semibold tabular-nums text-slate-700 dark:text-slate-300">
              {kick ?? minuteLabel(event)}
            </span>
            <EventIcon type={event.type} />
            <span>
              <span className="sr-only">
                {EVENT_LABEL[event.type]}, {home ? match.home.name : match.away.name}:{' '}
              </span>
              {who}
              {extra}
            </span>
          </li>
        );
        if (event.seq !== firstKick || !pens) return row;
        return [
          <li
            key="shootout"
            className="border-t border-slate-200 pt-2 text-center text-sm font-semibold dark:border-slate-800"
          >
            Pens {pens.home}–{pens.away}
          </li>,
          row,
        ];
      })}
    </ol>
  );
}
