// The match centre: timeline, commentary and team stats from the frame's live
// data (issue #4); line-ups, chalkboard and player stats (issue #5) from this
// route's loader and the same live data (features/match-centre/).
import type { MatchEvent, MatchSummary, PlayerStats, TeamStats } from '../../domain/football-contracts.ts';
import type { CommentaryLine } from '../../domain/live-stream.ts';
import { compareMatchTime } from '../../domain/match-order.ts';
import { isLive, isResultMissing } from '../../domain/match-status.ts';
import { AppLink } from '../components/app-link.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { LiveMatchData } from '../lib/live/use-live.ts';
import type { MatchCentreData } from '../features/match-centre/centre-sections.tsx';
import { deferred, deferredCodeLoaded } from '../lib/loading/deferred.tsx';
import { loadMatchCentre } from '../features/match-centre/centre.server.ts';
import { numericIdSchema, parseParams } from '../lib/routing/params.ts';
import { z } from 'zod';
import { formatMatchDate, useMatchData } from './match.tsx';
import type { Route } from './+types/match-centre';

// Line-ups, chalkboard, player stats, momentum, head-to-head and the table: rendered in full by the
// server, their code loads after the page's (app/lib/loading/deferred.tsx; issue #5's first-load budget).
const MatchCentreSections = deferred<{
  match: MatchSummary;
  events: MatchEvent[];
  stats: { teams: TeamStats[]; players: PlayerStats[] } | null;
  data: MatchCentreData | null;
}>(async () => (await import('../features/match-centre/centre-sections.tsx')).MatchCentreSections);
const MatchInsightSections = deferred<{ match: MatchSummary; events: MatchEvent[] }>(
  async () => (await import('../features/match-centre/insight-sections.tsx')).MatchInsightSections,
);

export const handle = { preserveScroll: true };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { id } = parseParams(z.object({ id: numericIdSchema.optional() }), params);
  return { centre: id === undefined ? null : await loadMatchCentre(context, id, request) };
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

function minuteText(line: { minute: number; addedMinute: number | null; period?: string }): string {
  if (line.period === 'P') return 'Pens';
  if (line.period === 'FT') return 'FT';
  return line.addedMinute ? `${line.minute}+${line.addedMinute}'` : `${line.minute}'`;
}

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

/** What an empty timeline means depends on where the match is and on what our data holds (issue #19). */
function emptyTimelineText(match: MatchSummary, now: Date): string {
  if (isResultMissing(match, now)) return 'No result or timeline for this match in our data.';
  if (match.status === 'scheduled' || match.status === 'postponed') return 'The timeline starts at kick-off.';
  if (isLive(match.status)) return 'No goals, cards or substitutions yet.';
  return match.hasEvents ? 'No goals, cards or substitutions.' : 'No timeline for this match in our data.';
}

function Timeline({ match, events }: { match: MatchSummary; events: MatchEvent[] }) {
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
              {kick ?? minuteText(event)}
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
          <li key="shootout" className="border-t border-slate-200 pt-2 text-center text-sm font-semibold dark:border-slate-800">
            Pens {pens.home}–{pens.away}
          </li>,
          row,
        ];
      })}
    </ol>
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
    <ol className="max-h-[32rem] space-y-2 overflow-y-auto pr-1" data-testid="commentary">
      {[...lines].sort((a, b) => compareMatchTime(b, a)).map((line) => (
        <li key={line.seq} className={`flex gap-3 text-sm ${line.kind === 'goal' ? 'font-semibold' : ''}`}>
          <span className="w-12 shrink-0 tabular-nums text-slate-700 dark:text-slate-300">{minuteText(line)}</span>
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
  return <MatchSections centre={loaderData.centre} />;
}

function MatchSections({ centre }: { centre: Awaited<ReturnType<typeof loader>>['centre'] }) {
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
