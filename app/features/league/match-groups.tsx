// Matches grouped by stage and round (a league's matchdays, a cup's group
// stage and knockout rounds), then by day in the visitor's time zone. Each row
// has the star that follows the match, as home's rows do (issue #19).
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import { compareIso } from '../../../domain/time-zones.ts';
import { MatchRow } from '../../components/match-row.tsx';
import { FavouriteStar } from '../preferences/favourite-star.tsx';
import { dayKey, formatDay } from './use-time-zone.ts';

export interface MatchGroup {
  key: string;
  title: string;
  matches: MatchSummary[];
}

/** "Matchday 3", "Group stage · Matchday 1", "Quarter-finals". */
export function roundTitle(match: Pick<MatchSummary, 'stage' | 'round'>): string {
  const { stage, round } = match;
  if (!round) return stage ?? 'Other matches';
  if (!stage || stage === 'Regular season' || stage === round) return round;
  return `${stage} · ${round}`;
}

/** Groups in kick-off order of their first match (`desc`: newest group first, newest match first). */
export function groupByRound(matches: readonly MatchSummary[], order: 'asc' | 'desc'): MatchGroup[] {
  const sorted = [...matches].sort(
    (a, b) => (order === 'asc' ? 1 : -1) * (compareIso(a.kickoffAt, b.kickoffAt) || a.id - b.id),
  );
  const groups = new Map<string, MatchGroup>();
  for (const match of sorted) {
    const key = `${match.stage ?? ''}|${match.round ?? ''}`;
    const group = groups.get(key) ?? { key, title: roundTitle(match), matches: [] };
    group.matches.push(match);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function byDay(matches: readonly MatchSummary[], timeZone: string): Array<[string, MatchSummary[]]> {
  const days = new Map<string, MatchSummary[]>();
  for (const match of matches) {
    const key = dayKey(match.kickoffAt, timeZone);
    days.set(key, [...(days.get(key) ?? []), match]);
  }
  return [...days.entries()];
}

export function MatchGroups({
  groups,
  now,
  timeZone,
  testId,
  isHidden,
}: {
  groups: MatchGroup[];
  now: Date;
  timeZone: string;
  testId?: string;
  /** Spoiler-safe mode (app/lib/preferences/spoiler.ts): whose score to hide. */
  isHidden?: (match: MatchSummary) => boolean;
}) {
  return (
    <div className="space-y-4" data-testid={testId}>
      {groups.map((group) => (
        <div key={group.key}>
          <h3 className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">{group.title}</h3>
          <MatchList matches={group.matches} now={now} timeZone={timeZone} isHidden={isHidden} />
        </div>
      ))}
    </div>
  );
}

/** The star that follows `match`. */
export function MatchStar({ match }: { match: MatchSummary }) {
  return <FavouriteStar compact target={{ kind: 'match', id: match.id, name: `${match.home.name} v ${match.away.name}` }} />;
}

/** A short list (summary panels) under day headings. */
export function MatchList({
  matches,
  now,
  timeZone,
  testId,
  isHidden,
}: {
  matches: MatchSummary[];
  now: Date;
  timeZone: string;
  testId?: string;
  /** Spoiler-safe mode (app/lib/preferences/spoiler.ts): whose score to hide. */
  isHidden?: (match: MatchSummary) => boolean;
}) {
  return (
    <div data-testid={testId}>
      {byDay(matches, timeZone).map(([day, list]) => (
        <div key={day}>
          <h4 className="px-2 pt-1 text-xs text-slate-600 dark:text-slate-400" suppressHydrationWarning>
            {formatDay(list[0]?.kickoffAt ?? day, timeZone)}
          </h4>
          <ul>
            {list.map((match) => (
              <MatchRow
                key={match.id}
                match={match}
                now={now}
                timeZone={timeZone}
                hideScore={isHidden?.(match) ?? false}
                actions={<MatchStar match={match} />}
              />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
