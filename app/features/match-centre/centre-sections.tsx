// The match centre's line-ups, chalkboard and player stats (issue #5). The
// route's loader reads line-ups and the chalkboard with the page; the frame's
// live data (events, stats) keeps markers, the table and a replay's
// chalkboard current without a reload.
import type { ReactNode } from 'react';
import type { Chalkboard } from '../../../domain/chalkboard.ts';
import type { Lineups, MatchEvent, MatchSummary, PlayerStats, TeamStats } from '../../../domain/football-contracts.ts';
import { ChalkboardView } from './chalkboard.tsx';
import { LineupsView } from './lineups.tsx';
import { PlayerStatsTable } from './player-stats.tsx';

export interface MatchCentreData {
  lineups: Lineups;
  chalkboard: Chalkboard;
}

function CentreSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 md:col-span-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function MatchCentreSections({
  match,
  events,
  stats,
  data,
}: {
  match: MatchSummary;
  events: MatchEvent[];
  stats: { teams: TeamStats[]; players: PlayerStats[] } | null;
  data: MatchCentreData | null;
}) {
  // What moves a replay's chalkboard on: the clock's phase, the events, the stats (sent once per match minute).
  const refresh = `${match.status}|${match.clock?.phase ?? ''}|${events.length}|${stats ? stats.teams.map((team) => team.passes).join('-') : ''}`;
  return (
    <>
      <CentreSection id="lineups" title="Line-ups">
        <LineupsView match={match} lineups={data?.lineups ?? null} events={events} />
      </CentreSection>
      <CentreSection id="chalkboard" title="Chalkboard">
        {data ? <ChalkboardView match={match} initial={data.chalkboard} refresh={refresh} /> : null}
      </CentreSection>
      <CentreSection id="player-stats" title="Player stats">
        {stats && stats.players.length > 0 ? (
          <PlayerStatsTable match={match} players={stats.players} lineups={data?.lineups ?? null} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {match.status === 'scheduled'
              ? 'Player statistics appear once the match is under way.'
              : 'The data for this match has no player statistics.'}
          </p>
        )}
      </CentreSection>
    </>
  );
}
