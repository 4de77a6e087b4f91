// The match centre: timeline, commentary and team stats from the frame's live
// data (issue #4); line-ups, chalkboard and player stats (issue #5) from this
// route's loader and the same live data (features/match-centre/).
import type { MatchEvent, MatchSummary, PlayerStats, TeamStats } from '../../domain/football-contracts.ts';
import type { CommentaryLine } from '../../domain/live-stream.ts';
import { compareMatchTime, minuteLabel } from '../../domain/match-order.ts';
import { isLive, isResultMissing } from '../../domain/match-status.ts';
import { AppLink } from '../components/app-link.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { LiveMatchData } from '../lib/live/use-live.ts';
import type { MatchCentreData } from '../features/match-centre/centre-sections.tsx';
import type { TimelineProps } from '../features/match-centre/timeline.tsx';
import { deferred, deferredCodeLoaded } from '../lib/loading/deferred.tsx';
import { loadMatchCentre } from '../features/match-centre/centre.server.ts';
import { numericIdSchema, parseParams } from '../lib/routing/params.ts';
import { z } from 'zod';
import { formatMatchDate, useMatchData } from './match.tsx';
import { loadMatchOdds } from '../features/odds/odds.server.ts';
import type { OddsPageData } from '../features/odds/odds-page-data.ts';
import type { OddsSectionsProps } from '../features/odds/odds-sections.tsx';
import { useLiveOdds } from '../features/odds/use-live-odds.ts';
import { useMemo } from 'react';
import type { Route } from './+types/match-centre';

// Line-ups, chalkboard, player stats, momentum, head-to-head and the table: rendered in full by the
// server, their code loads after the page's (app/lib/loading/deferred.tsx; issue #5's first-load budget).
const MatchCentreSections = deferred<{
  match: MatchSummary;
  events: MatchEvent[];
  stats: { teams: TeamStats[]; players: PlayerStats[] } | null;
  data: MatchCentreData | null;
}>(async () => (await import('../features/match-centre/centre-sections.tsx')).MatchCentreSections);
const Timeline = deferred<TimelineProps>(async () => (await import('../features/match-centre/timeline.tsx')).Timeline);
// Model odds and the win-probability graph (issue #24): their code after the page's too.
const OddsSections = deferred<OddsSectionsProps>(
  async () => (await import('../features/odds/odds-sections.tsx')).OddsSections,
);
const MatchInsightSections = deferred<{ match: MatchSummary; events: MatchEvent[] }>(
  async () => (await import('../features/match-centre/insight-sections.tsx')).MatchInsightSections,
);

export const handle = { preserveScroll: true };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { id } = parseParams(z.object({ id: numericIdSchema.optional() }), params);
  if (id === undefined) return { centre: null, odds: null };
  const [centre, odds] = await Promise.all([
    loadMatchCentre(context, id, request),
    loadMatchOdds(context, id, request),
  ]);
  return { centre, odds };
}

// A client-side navigation waits for the sections' code as well as the data, so they come with the page
// rather than after it (the server's render has them already: no clientLoader on hydration).
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), deferredCodeLoaded()]);
  return data;
}

export const meta: Route.MetaFunction = (args) => {
  const frame = args.matches.find((match) => match?.id === 'routes/match')?.loaderData as
    { live: LiveMatchData | null } | undefined;
  const match = frame?.live?.match;
  if (!match)
    return pageMeta(args, {
      title: 'Matches',
      description: 'Live score, timeline, commentary, line-ups, statistics and head-to-head.',
    });
  const replay = match.replayOf ? ` (replay of ${formatMatchDate(match.replayOf.kickoffAt)})` : '';
  return pageMeta(args, {
    title: `${match.home.name} v ${match.away.name}, ${formatMatchDate(match.replayOf?.kickoffAt ?? match.kickoffAt)}${match.replayOf ? ' replay' : ''}`,
    description: `${match.competition.name}: ${match.home.name} v ${match.away.name}${replay}. Live score, timeline, commentary and statistics.`,
  });
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Commentary({ lines, status }: { lines: CommentaryLine[]; status: MatchSummary['status'] }) {
  if (lines.length === 0) {
    const text =
      status === 'scheduled'
        ? 'Commentary starts at kick-off.'
        : 'There is no commentary for this match: it is written live, from the events, while a match is followed here.';
    return <p className="text-sm text-slate-600 dark:text-slate-400">{text}</p>;
  }
  // Newest first, like every live commentary, in match time: a first snapshot writes its key events before
  // its other moments, so the order they were written in is not the match's (issue #19).
  return (
    <ol
      className="max-h-[32rem] space-y-2 overflow-y-auto pr-1"
      data-testid="commentary"
      // A box that scrolls must be reachable from the keyboard (WCAG 2.1.1; axe's scrollable-region-focusable).
      tabIndex={0}
      aria-label="Commentary, newest first"
    >
      {[...lines]
        .sort((a, b) => compareMatchTime(b, a))
        .map((line) => (
          <li key={line.seq} className={`flex gap-3 text-sm ${line.kind === 'goal' ? 'font-semibold' : ''}`}>
            <span className="w-12 shrink-0 tabular-nums text-slate-700 dark:text-slate-300">{minuteLabel(line)}</span>
            <span>{line.text}</span>
          </li>
        ))}
    </ol>
  );
}

const STAT_ROWS: Array<[keyof Omit<TeamStats, 'teamId'>, string]> = [
  ['possession', 'Possession (share of passes, %)'],
  ['shots', 'Shots'],
  ['shotsOnTarget', 'Shots on target'],
  ['passes', 'Passes'],
  ['passesAccurate', 'Accurate passes'],
  ['corners', 'Corners'],
  ['fouls', 'Fouls'],
  ['offsides', 'Offsides'],
  ['yellowCards', 'Yellow cards'],
  ['redCards', 'Red cards'],
];

function TeamStatsTable({ match, stats }: { match: MatchSummary; stats: TeamStats[] }) {
  const home = stats.find((row) => row.teamId === match.home.id);
  const away = stats.find((row) => row.teamId === match.away.id);
  if (!home || !away)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No statistics for this match.</p>;
  return (
    <table className="w-full text-sm" data-testid="team-stats">
      <thead>
        <tr>
          <th scope="col" className="w-1/4 text-left">
            {match.home.shortName}
          </th>
          <th scope="col" className="text-center">
            <span className="sr-only">Statistic</span>
          </th>
          <th scope="col" className="w-1/4 text-right">
            {match.away.shortName}
          </th>
        </tr>
      </thead>
      <tbody>
        {STAT_ROWS.map(([key, label]) => (
          <tr key={key} className="border-t border-slate-100 dark:border-slate-800">
            <td className="py-1 tabular-nums">{home[key]}</td>
            <th scope="row" className="py-1 text-center font-normal text-slate-700 dark:text-slate-300">
              {label}
            </th>
            <td className="py-1 text-right tabular-nums">{away[key]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function MatchCentre({ params, loaderData }: Route.ComponentProps) {
  if (!params.id) {
    return (
      <section className="rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-lg font-semibold">Matches</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Open a match from{' '}
          <AppLink to="/" className="font-semibold underline underline-offset-2">
            today&apos;s fixtures
          </AppLink>
          ,{' '}
          <AppLink to="/live-sports" className="font-semibold underline underline-offset-2">
            live now
          </AppLink>
          , a league or a team to see its match centre here.
        </p>
      </section>
    );
  }
  return <MatchSections centre={loaderData.centre} odds={loaderData.odds} />;
}

/** The odds panel kept current by the match's `odds` events (none at all when staff switched odds off). */
function MatchOdds({ match, data }: { match: MatchSummary; data: OddsPageData }) {
  const initial = useMemo(() => ({ live: data.odds?.live ?? null, points: data.points }), [data]);
  const { live, points } = useLiveOdds(match.id, initial, data.position, data.odds !== null);
  return <OddsSections match={match} data={data} live={live} points={points} />;
}

function MatchSections({
  centre,
  odds,
}: {
  centre: Awaited<ReturnType<typeof loader>>['centre'];
  odds: OddsPageData | null;
}) {
  const { match, events, commentary, stats } = useMatchData();
  return (
    <div className="grid grid-cols-1 gap-4 *:min-w-0 md:grid-flow-row-dense md:grid-cols-2">
      <Section title="Timeline">
        <Timeline match={match} events={events} />
      </Section>
      <Section title="Commentary">
        <Commentary lines={commentary} status={match.status} />
      </Section>
      <MatchCentreSections match={match} events={events} stats={stats} data={centre} />
      <Section title="Team stats">
        {stats ? (
          <TeamStatsTable match={match} stats={stats.teams} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {match.status === 'scheduled' && !isResultMissing(match, new Date())
              ? 'Statistics appear once the match is under way.'
              : isLive(match.status)
                ? 'Statistics appear as the match goes on.'
                : 'No statistics for this match in our data.'}
          </p>
        )}
      </Section>
      {odds ? <MatchOdds match={match} data={odds} /> : null}
      <MatchInsightSections match={match} events={events} />
      <p className="text-xs text-slate-600 md:col-span-2 dark:text-slate-400">
        {match.hasEvents ? 'Commentary and statistics are generated from the match events. ' : ''}
        Data sources and their licences are credited on the{' '}
        <AppLink to="/about-us" className="underline">
          About page
        </AppLink>
        .
      </p>
    </div>
  );
}
