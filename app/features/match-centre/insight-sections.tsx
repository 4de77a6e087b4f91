// The match centre's insight sections (issue #5): momentum, head-to-head and
// the table around both teams. The match frame's loader reads them with the
// page (server-rendered); while the match is live they are refreshed from
// GET /api/matches/{id}/insight as the clock and the score move.
import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { MatchEvent, MatchSummary } from '../../../domain/football-contracts.ts';
import type { MatchInsight } from '../../../domain/match-insight.ts';
import { HeadToHead } from './head-to-head.tsx';
import { MomentumGraph } from './momentum.tsx';
import { TableAround } from './table-around.tsx';
import { useMatchInsight } from './use-match-insight.ts';

function InsightSection({ id, title, className = '', children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900 ${className}`}>
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const muted = 'text-sm text-slate-600 dark:text-slate-400';

export function MatchInsightSections({ match, events }: { match: MatchSummary; events: MatchEvent[] }) {
  const frame = useRouteLoaderData('routes/match') as { insight?: MatchInsight } | undefined;
  if (!frame?.insight || frame.insight.matchId !== match.id) return null;
  return <LiveInsight initial={frame.insight} match={match} events={events} />;
}

function LiveInsight({ initial, match, events }: { initial: MatchInsight; match: MatchSummary; events: MatchEvent[] }) {
  const insight = useMatchInsight(initial, match);
  const momentum = insight.momentum ?? null;
  // Head-to-head first: in the centre's two-column grid it sits beside the section before it, and the
  // full-width graph follows without leaving a hole.
  return (
    <>
      {insight.headToHead ? (
        <InsightSection id="head-to-head" title="Head-to-head">
          <HeadToHead headToHead={insight.headToHead} match={match} />
        </InsightSection>
      ) : null}
      <InsightSection id="momentum" title="Momentum" className="md:col-span-2">
        {momentum ? (
          <MomentumGraph momentum={momentum} match={match} events={events} />
        ) : (
          <p className={muted}>
            {match.status === 'scheduled' ? 'The momentum graph starts at kick-off.' : 'No momentum graph for this match: the data has no match events to draw it from.'}
          </p>
        )}
      </InsightSection>
      {insight.table ? (
        <InsightSection id="table" title="Table">
          <TableAround table={insight.table} match={match} />
        </InsightSection>
      ) : null}
    </>
  );
}
