// The league page's body: every section is in the server's HTML, reachable by
// anchor; forms (season, date) are plain GET forms, so all of it works
// without JavaScript. Scores of listed matches and the table as it stands
// update live once hydrated.
import type { MatchSummary, Season, Standings, TopScorers } from '../../../domain/football-contracts.ts';
import { isLive, isToCome } from '../../../domain/match-status.ts';
import { compareIso, formatCalendarDate } from '../../../domain/time-zones.ts';
import { AppLink } from '../../components/app-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { FavouriteStar } from '../preferences/favourite-star.tsx';
import { useSpoilerSafe, type SpoilerSetting } from '../../lib/preferences/spoiler.ts';
import { useLiveScores, useNow } from '../../lib/live/use-live.ts';
import { groupByRound, MatchGroups, MatchList } from './match-groups.tsx';
import { Muted, Panel, SectionNav } from './panel.tsx';
import type { StandingsTableProps } from './standings-table.tsx';
import { useLiveStandings } from './use-live-standings.ts';
import { useTimeZone } from './use-time-zone.ts';
import { deferred } from '../../lib/loading/deferred.tsx';
import type { TopScorersProps } from './top-scorers.tsx';
import type { TopTeamsProps } from './top-teams.tsx';
import type { TableControlsProps } from './table-controls.tsx';
import type { BracketProps } from './bracket.tsx';

// Rendered by the server; their code loads after the page's (app/lib/loading/deferred.tsx; first-load budget).
const TopTeams = deferred<TopTeamsProps>(async () => (await import('./top-teams.tsx')).TopTeams);
const TopScorersTable = deferred<TopScorersProps>(async () => (await import('./top-scorers.tsx')).TopScorersTable);
// The table renders in full on the server; its code (links, zones, form chips) loads after the page's, which
// keeps the league page within its first-load budget (server/page-budgets.test.ts).
const StandingsTable = deferred<StandingsTableProps>(async () => (await import('./standings-table.tsx')).StandingsTable);
// Only tournaments have one, below the fold: its code loads after the page's (app/lib/loading/deferred.tsx).
const Bracket = deferred<BracketProps>(async () => (await import('./bracket.tsx')).Bracket);
const TableControls = deferred<TableControlsProps>(async () => (await import('./table-controls.tsx')).TableControls);

export interface LeaguePageProps {
  competition: { code: string; name: string; areaName: string; kind: 'league' | 'cup' };
  seasons: Array<{ code: string; name: string }>;
  season: Season;
  view: 'overall' | 'home' | 'away';
  asOf: string | null;
  standings: Standings;
  overall: Standings | null;
  matches: MatchSummary[];
  /** A tournament's knockout rounds in bracket order (domain/bracket.ts); empty for leagues. */
  bracket: BracketProps['rounds'];
  moreRounds: boolean;
  allRounds: boolean;
  scorers: TopScorers['scorers'];
  position: number | null;
  /** The zone the server rendered times in. */
  timeZone: string;
  /** Opened from a demo replay (`?replay=`): the table as it stood at its match's kick-off, with the replay's score. */
  replay?: MatchSummary | null;
  /** How a split group's table started from the regular season; null for other tables. */
  carryOverNote: string | null;
  /** This device's spoiler-safe setting, as the server rendered it. */
  spoiler: SpoilerSetting;
  /** Opened with `?reveal=1`: spoiler-safe mode is set aside on this page view. */
  revealed: boolean;
}

const SUMMARY_COUNT = 5;

const neverHidden = () => false;

const VIEWS: Array<['overall' | 'home' | 'away', string]> = [
  ['overall', 'Overall'],
  ['home', 'Home'],
  ['away', 'Away'],
];

/** `/league/{code}?…#hash`, leaving out the parameters without a value. */
function pageUrl(code: string, params: Record<string, string | null>, hash: string): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return `/league/${code}${query ? `?${query}` : ''}${hash}`;
}


export function LeaguePage(props: LeaguePageProps) {
  const { competition, season, view, asOf, scorers, position } = props;
  const matches = useLiveScores(props.matches, position);
  const anyLive = matches.some((match) => isLive(match.status));
  const now = useNow(1000, anyLive);
  const timeZone = useTimeZone(props.timeZone);
  const apiBase = `/api/competitions/${competition.code}/seasons/${season.code}/standings`;
  // The season's tables (regular season or whole tournament first, then split groups or a cup's groups); null: the first.
  const phases = props.standings.phases ?? [];
  const phase = phases.slice(1).find((candidate) => candidate.code === props.standings.phase) ?? null;
  // A table on a past date is fixed; every other table follows the live scores.
  const standings = useLiveStandings(
    props.standings,
    matches,
    asOf
      ? null
      : `${apiBase}?${props.replay ? `replay=${props.replay.id}` : 'live=1'}${view === 'overall' ? '' : `&view=${view}`}${phase ? `&phase=${phase.code}` : ''}`,
  );
  const overall = useLiveStandings(
    props.overall ?? props.standings,
    matches,
    props.overall ? `${apiBase}?live=1` : null,
  );
  const summaryTable = props.overall ? overall : standings;
  const spoiler = useSpoilerSafe(props.spoiler);
  const isHidden = props.revealed ? neverHidden : spoiler.isHidden;
  // A table, its leader, its form and its scorers all give results away: hidden whole while any score of
  // the competition would be (every score, or a hidden team in the table).
  const spoilerHidden =
    !props.revealed && (spoiler.setting.all || standings.rows.some((row) => spoiler.hidesTeam(row.team.id)));
  /** This page's address parameters; a reveal lasts while the visitor moves between its tables. */
  const here: Record<string, string | null> = {
    season: season.code,
    view: view === 'overall' ? null : view,
    asOf,
    phase: phase?.code ?? null,
    reveal: props.revealed ? '1' : null,
  };
  /** This page with `changes` made to its address. */
  const link = (changes: Record<string, string | null>, hash = '#standings') =>
    pageUrl(competition.code, { ...here, ...changes }, hash);
  const asItStands = (standings.liveMatchIds?.length ?? 0) > 0;
  const liveTeamIds = new Set(
    matches
      .filter((match) => standings.liveMatchIds?.includes(match.id))
      .flatMap((match) => [match.home.id, match.away.id]),
  );

  // A past match without a result in our data is neither a fixture nor live (issue #19).
  const results = matches.filter((match) => !isLive(match.status) && !isToCome(match, now));
  const fixtures = matches.filter((match) => isToCome(match, now));
  const liveNow = matches.filter((match) => isLive(match.status));
  const latestResults = [...results].sort((a, b) => compareIso(b.kickoffAt, a.kickoffAt)).slice(0, SUMMARY_COUNT);
  const nextFixtures = [...fixtures].sort((a, b) => compareIso(a.kickoffAt, b.kickoffAt)).slice(0, SUMMARY_COUNT);
  const leader = summaryTable.rows[0];
  const cup = competition.kind === 'cup';
  const tableName = cup ? 'Tournament table' : 'Table';
  const viewLabel = VIEWS.find(([key]) => key === view)?.[1] ?? 'Overall';
  const caption = `${competition.name} ${season.code}: ${phase ? `${phase.name}, ` : cup ? 'every match of the tournament, ' : ''}${viewLabel.toLowerCase()} table${
    asOf
      ? ` as it stood on ${formatCalendarDate(asOf)}`
      : props.replay?.replayOf
        ? `, as it stood at the kick-off of ${props.replay.home.name} v ${props.replay.away.name} on ${formatCalendarDate(props.replay.replayOf.kickoffAt.slice(0, 10))}, with the replay's score`
        : asItStands
          ? ', as it stands with live scores'
          : ''
  }`;

  const sections: Array<[string, string]> = [
    ['summary', 'Summary'],
    ['standings', tableName],
    ...(props.bracket.length > 0 ? ([['bracket', 'Knockout rounds']] as Array<[string, string]>) : []),
    ['results', 'Results'],
    ['fixtures', 'Fixtures'],
    ...(scorers.length > 0 ? ([['scorers', 'Top scorers']] as Array<[string, string]>) : []),
    ['top-teams', 'Top teams'],
  ];

  return (
    <>
      <PageHeader title={`${competition.name} ${season.code}`}>
        <p>
          {competition.areaName} · {cup ? 'Cup' : 'League'}
          {season.startDate && season.endDate
            ? ` · ${formatCalendarDate(season.startDate)} to ${formatCalendarDate(season.endDate)}`
            : ''}
        </p>
        <div className="mt-3">
          <FavouriteStar target={{ kind: 'competition', code: competition.code, name: competition.name }} />
        </div>
      </PageHeader>

      <form method="get" action={`/league/${competition.code}`} className="mb-4 flex flex-wrap items-end gap-2 text-sm">
        <label className="flex flex-col gap-1">
          <span className="font-medium">Season</span>
          <select
            name="season"
            defaultValue={season.code}
            className="rounded border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          >
            {props.seasons.map((option) => (
              <option key={option.code} value={option.code}>
                {option.code}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-500">
          Show season
        </button>
      </form>

      {spoilerHidden ? (
        <p
          className="mb-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          data-testid="league-spoiler"
        >
          Spoiler-safe mode is on: scores, the table and the top scorers are hidden.{' '}
          <AppLink to={link({ reveal: '1' })} className="font-semibold underline">
            Reveal them
          </AppLink>
        </p>
      ) : null}

      <SectionNav label="League sections" sections={sections} />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Panel id="summary" title="Summary" className="lg:col-span-3">
          <div className="grid gap-4 md:grid-cols-3">
            <div>
              <h3 className="mb-1 text-sm font-semibold">{cup ? 'Top of the tournament table' : 'Leader'}</h3>
              {spoilerHidden ? (
                <Muted>Hidden in spoiler-safe mode.</Muted>
              ) : leader ? (
                <p data-testid="leader">
                  <AppLink
                    to={`/team/${leader.team.id}`}
                    className="text-lg font-bold hover:underline"
                    title={leader.team.shortName === leader.team.name ? undefined : leader.team.name}
                  >
                    {leader.team.shortName}
                  </AppLink>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">
                    {leader.points} points from {leader.played} {leader.played === 1 ? 'match' : 'matches'}
                  </span>
                </p>
              ) : (
                <Muted>No results yet.</Muted>
              )}
              {scorers[0] && !spoilerHidden ? (
                <>
                  <h3 className="mb-1 mt-3 text-sm font-semibold">Top scorer</h3>
                  <p>
                    {scorers[0].player.shortName ?? scorers[0].player.name}{' '}
                    <span className="text-sm text-slate-600 dark:text-slate-400">
                      ({scorers[0].team.shortName}), {scorers[0].goals} {scorers[0].goals === 1 ? 'goal' : 'goals'}
                    </span>
                  </p>
                </>
              ) : null}
            </div>
            <div>
              <h3 className="mb-1 text-sm font-semibold">{liveNow.length > 0 ? 'Live now' : 'Latest results'}</h3>
              {liveNow.length > 0 ? (
                <MatchList matches={liveNow} now={now} timeZone={timeZone} testId="summary-live" isHidden={isHidden} />
              ) : latestResults.length > 0 ? (
                <MatchList
                  matches={latestResults}
                  now={now}
                  timeZone={timeZone}
                  testId="summary-results"
                  isHidden={isHidden}
                />
              ) : (
                <Muted>No results yet this season.</Muted>
              )}
            </div>
            <div>
              <h3 className="mb-1 text-sm font-semibold">Next fixtures</h3>
              {nextFixtures.length > 0 ? (
                <MatchList
                  matches={nextFixtures}
                  now={now}
                  timeZone={timeZone}
                  testId="summary-fixtures"
                  isHidden={isHidden}
                />
              ) : (
                <Muted>{season.complete ? 'The season is over.' : 'No fixtures to come.'}</Muted>
              )}
            </div>
          </div>
        </Panel>

        <Panel
          id="standings"
          title={
            <>
              {tableName}
              {asItStands ? (
                <span
                  className="ml-2 rounded bg-red-700 px-2 py-0.5 align-middle text-xs font-bold text-white"
                  data-testid="as-it-stands"
                >
                  Live: as it stands
                </span>
              ) : null}
            </>
          }
          className="lg:col-span-2"
        >
          {props.replay?.replayOf ? (
            <p
              className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
              data-testid="replay-table-note"
            >
              Replay: this table is how it stood when{' '}
              <AppLink to={`/match/${props.replay.id}`} className="font-semibold underline">
                {props.replay.home.name} v {props.replay.away.name}
              </AppLink>{' '}
              kicked off on {formatCalendarDate(props.replay.replayOf.kickoffAt.slice(0, 10))}, with the replay&rsquo;s score as
              it stands. The real table is not changed by replays.
            </p>
          ) : null}
          <TableControls
            phases={phases.map((candidate, index) => ({
              label: candidate.name,
              href: link({ phase: index === 0 ? null : candidate.code }),
              current: phase ? candidate.code === phase.code : index === 0,
            }))}
            views={VIEWS.map(([key, label]) => ({
              label,
              href: link({ view: key === 'overall' ? null : key }),
              current: key === view,
            }))}
            dateForm={{
              // The date replaces asOf; the rest of the address stays.
              hidden: Object.entries(here).filter(
                (entry): entry is [string, string] => entry[0] !== 'asOf' && entry[1] !== null,
              ),
              asOf,
              min: season.startDate,
              max: season.endDate,
              latest: asOf ? link({ asOf: null }) : null,
            }}
          />
          {asOf ? (
            <p className="mb-2 text-sm font-medium" data-testid="as-of">
              As it stood at the end of {formatCalendarDate(asOf)}.
            </p>
          ) : null}
          {spoilerHidden ? (
            <Muted>Hidden in spoiler-safe mode.</Muted>
          ) : standings.rows.length > 0 ? (
            <StandingsTable
              rows={standings.rows}
              caption={caption}
              liveTeamIds={liveTeamIds}
              zonesOf={!cup && view === 'overall' && !phase ? { code: competition.code, season: season.code } : undefined}
            />
          ) : (
            <Muted>No table yet: no team has played.</Muted>
          )}
          {standings.adjustments.length > 0 && !spoilerHidden ? (
            <ul className="mt-3 space-y-1 text-xs text-slate-600 dark:text-slate-400">
              {standings.adjustments.map((adjustment, index) => {
                const team = standings.rows.find((row) => row.team.id === adjustment.teamId)?.team.name ?? 'A team';
                return (
                  <li key={index}>
                    {team}: {adjustment.points > 0 ? '+' : ''}
                    {adjustment.points} points ({adjustment.reason}).
                  </li>
                );
              })}
            </ul>
          ) : null}
          {props.carryOverNote ? (
            <p className="mt-3 text-xs text-slate-600 dark:text-slate-400" data-testid="carry-over">
              {props.carryOverNote}
            </p>
          ) : null}
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
            Form: the last five results, newest last (W won, D drawn, L lost).
          </p>
        </Panel>

        {props.bracket.length > 0 ? (
          <Panel id="bracket" title="Knockout rounds" className="lg:col-span-3">
            <Bracket rounds={props.bracket} isHidden={isHidden} />
          </Panel>
        ) : null}

        <Panel id="top-teams" title="Top teams">
          {spoilerHidden ? <Muted>Hidden in spoiler-safe mode.</Muted> : <TopTeams rows={summaryTable.rows} />}
        </Panel>

        <Panel id="results" title="Results" className="lg:col-span-3">
          {results.length > 0 ? (
            <MatchGroups
              groups={groupByRound(results, 'desc')}
              now={now}
              timeZone={timeZone}
              testId="results"
              isHidden={isHidden}
            />
          ) : (
            <Muted>No results yet this season.</Muted>
          )}
        </Panel>

        <Panel id="fixtures" title="Fixtures" className="lg:col-span-3">
          {liveNow.length > 0 ? (
            <div className="mb-4">
              <h3 className="mb-1 text-sm font-semibold text-red-700 dark:text-red-400">Live now</h3>
              <MatchList matches={liveNow} now={now} timeZone={timeZone} isHidden={isHidden} />
            </div>
          ) : null}
          {fixtures.length > 0 ? (
            <MatchGroups
              groups={groupByRound(fixtures, 'asc')}
              now={now}
              timeZone={timeZone}
              testId="fixtures"
              isHidden={isHidden}
            />
          ) : (
            <Muted>{season.complete ? 'Every match of this season has been played.' : 'No fixtures to come.'}</Muted>
          )}
        </Panel>

        {props.moreRounds || props.allRounds ? (
          <p className="text-sm lg:col-span-3">
            <AppLink
              to={link({ phase: null, rounds: props.allRounds ? null : 'all' }, '#results')}
              className="underline"
            >
              {props.allRounds ? 'Show the latest rounds only' : 'Show every round of results and fixtures'}
            </AppLink>
          </p>
        ) : null}

        {scorers.length > 0 ? (
          <Panel id="scorers" title="Top scorers" className="lg:col-span-3">
            {spoilerHidden ? (
              <Muted>Hidden in spoiler-safe mode.</Muted>
            ) : (
              <TopScorersTable scorers={scorers} caption={`Top scorers, ${competition.name} ${season.code}`} />
            )}
          </Panel>
        ) : null}
      </div>
    </>
  );
}
