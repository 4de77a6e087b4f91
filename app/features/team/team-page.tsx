// The team page's body: header with the generated badge, next match, form and
// results, fixtures, table positions, head-to-head and squad. Scores of the
// listed matches update live once hydrated.
import { useMemo } from 'react';
import type { HeadToHead, MatchSummary, Squad, Standings, Team } from '../../../domain/football-contracts.ts';
import { countsInTable, isLive } from '../../../domain/match-status.ts';
import { AppLink } from '../../components/app-link.tsx';
import { MatchRow, TeamBadge } from '../../components/match-row.tsx';
import { FavouriteStar } from '../preferences/favourite-star.tsx';
import { FormChips } from '../league/form-chips.tsx';
import { MatchList, MatchStar } from '../league/match-groups.tsx';
import { Muted, Panel, SectionNav } from '../league/panel.tsx';
import type { StandingsTableProps } from '../league/standings-table.tsx';
import { deferred } from '../../lib/loading/deferred.tsx';
import { formatDay, useTimeZone } from '../league/use-time-zone.ts';
import { useSpoilerSafe, type SpoilerSetting } from '../../lib/preferences/spoiler.ts';
import { useLiveScores, useNow } from '../../lib/live/use-live.ts';

// Rendered in full on the server; its code loads after the page's (the first-load budget, issue #5).
const StandingsTable = deferred<StandingsTableProps>(async () => (await import('../league/standings-table.tsx')).StandingsTable);

export interface TablePosition {
  competition: { code: string; name: string; kind: 'league' | 'cup' };
  season: string;
  size: number;
  row: Standings['rows'][number];
  around: Standings['rows'];
}

export interface TeamPageProps {
  team: Team;
  fixtures: MatchSummary[];
  results: MatchSummary[];
  tables: TablePosition[];
  squad: Squad;
  headToHead: (HeadToHead & { next: boolean }) | null;
  position: number | null;
  /** The zone the server rendered times in. */
  timeZone: string;
  /** This device's spoiler-safe setting, as the server rendered it. */
  spoiler: SpoilerSetting;
}

const POSITION_GROUPS: Array<[string, string]> = [
  ['GK', 'Goalkeepers'],
  ['DF', 'Defenders'],
  ['MF', 'Midfielders'],
  ['FW', 'Forwards'],
];

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** W/D/L of finished matches from the team's side, oldest first. */
export function teamForm(teamId: number, results: readonly MatchSummary[], count = 5): Array<'W' | 'D' | 'L'> {
  const form: Array<'W' | 'D' | 'L'> = [];
  for (const match of results) {
    if (form.length === count) break;
    if (!countsInTable(match.status) || match.score.home === null || match.score.away === null) continue;
    const own = match.home.id === teamId ? match.score.home : match.score.away;
    const other = match.home.id === teamId ? match.score.away : match.score.home;
    form.push(own > other ? 'W' : own < other ? 'L' : 'D');
  }
  return form.reverse();
}

export function TeamPage(props: TeamPageProps) {
  const { team, tables, squad, headToHead, position } = props;
  // One stable list per loader data: a new array each render would reset the live copy forever.
  const initial = useMemo(() => [...props.fixtures, ...props.results], [props.fixtures, props.results]);
  const listed = useLiveScores(initial, position);
  const fixtures = listed.filter((match) => props.fixtures.some((fixture) => fixture.id === match.id));
  const results = listed.filter((match) => props.results.some((result) => result.id === match.id));
  const anyLive = listed.some((match) => isLive(match.status));
  const now = useNow(1000, anyLive);
  const timeZone = useTimeZone(props.timeZone);
  const next = fixtures[0];
  const spoiler = useSpoilerSafe(props.spoiler);
  // A hidden team's form would give its results away.
  const formHidden = spoiler.setting.all || spoiler.hidesTeam(team.id);
  const form = teamForm(team.id, results);
  const details = [team.kind === 'national' ? 'National team' : 'Club', team.city, team.stadium, team.founded ? `Founded ${team.founded}` : null].filter(Boolean);

  const sections: Array<[string, string]> = [
    ['next-match', 'Next match'],
    ['results', 'Results'],
    ['fixtures', 'Fixtures'],
    ['tables', 'Table'],
    ['head-to-head', 'Head-to-head'],
    ['squad', 'Squad'],
  ];

  return (
    <>
      <header className="mb-4 flex flex-wrap items-center gap-4">
        <TeamBadge team={team} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{team.name}</h1>
          <p className="text-sm text-slate-700 dark:text-slate-300">{details.join(' · ')}</p>
        </div>
        <FavouriteStar target={{ kind: 'team', id: team.id, name: team.name }} />
        <button
          type="button"
          aria-pressed={spoiler.hidesTeam(team.id)}
          onClick={() => spoiler.setTeamHidden(team.id, !spoiler.hidesTeam(team.id))}
          className="inline-flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          data-testid="team-spoiler"
        >
          <span
            aria-hidden="true"
            className={`inline-block size-2.5 rounded-full ${spoiler.hidesTeam(team.id) ? 'bg-emerald-600' : 'bg-slate-400'}`}
          />
          Hide {team.shortName ?? team.name}&rsquo;s scores
        </button>
      </header>

      <SectionNav label="Team sections" sections={sections} />

      <div className="grid gap-4 md:grid-cols-2">
        <Panel id="next-match" title={next && isLive(next.status) ? 'Live now' : 'Next match'}>
          {next ? (
            <>
              <p className="mb-1 text-sm text-slate-600 dark:text-slate-400" suppressHydrationWarning>
                <AppLink to={`/league/${next.competition.code}?season=${next.season}`} className="hover:underline">
                  {next.competition.name}
                </AppLink>{' '}
                · {formatDay(next.kickoffAt, timeZone)}
              </p>
              <ul data-testid="next-match">
                <MatchRow
                  match={next}
                  now={now}
                  timeZone={timeZone}
                  hideScore={spoiler.isHidden(next)}
                  actions={<MatchStar match={next} />}
                />
              </ul>
            </>
          ) : (
            <Muted>No match scheduled.</Muted>
          )}
          <h3 className="mb-1 mt-4 text-sm font-semibold">Form</h3>
          {formHidden && form.length > 0 ? (
            <Muted>Hidden in spoiler-safe mode.</Muted>
          ) : form.length > 0 ? (
            <p className="flex items-center gap-2 text-sm">
              <FormChips form={form} />
              <span className="text-slate-600 dark:text-slate-400">last {form.length}, newest last</span>
            </p>
          ) : (
            <Muted>No results yet.</Muted>
          )}
        </Panel>

        <Panel id="tables" title="Table">
          {formHidden && tables.length > 0 ? (
            <Muted>Hidden in spoiler-safe mode.</Muted>
          ) : tables.length === 0 ? (
            <Muted>Not in a current season&apos;s table.</Muted>
          ) : (
            <div className="space-y-4" data-testid="table-positions">
              {tables.map((table) => (
                <div key={table.competition.code}>
                  <p className="mb-1 text-sm">
                    <strong>
                      {ordinal(table.row.position)} of {table.size}
                    </strong>{' '}
                    in the{' '}
                    <AppLink to={`/league/${table.competition.code}?season=${table.season}#standings`} className="underline">
                      {table.competition.name} {table.season}
                    </AppLink>{' '}
                    {table.competition.kind === 'cup' ? 'tournament table' : 'table'}, {table.row.points} points
                  </p>
                  <StandingsTable
                    rows={table.around}
                    caption={`${table.competition.name} ${table.season}: ${team.name} and the teams around it`}
                    highlightTeamId={team.id}
                    testId="team-table"
                  />
                </div>
              ))}
            </div>
          )}
        </Panel>

        <Panel id="results" title="Results">
          {results.length > 0 ? <MatchList matches={results} now={now} timeZone={timeZone} testId="team-results" isHidden={spoiler.isHidden} /> : <Muted>No results yet.</Muted>}
        </Panel>

        <Panel id="fixtures" title="Fixtures">
          {fixtures.length > 0 ? <MatchList matches={fixtures} now={now} timeZone={timeZone} testId="team-fixtures" isHidden={spoiler.isHidden} /> : <Muted>No fixtures to come.</Muted>}
        </Panel>

        <Panel id="head-to-head" title="Head-to-head">
          {headToHead ? <HeadToHeadSummary teamId={team.id} h2h={headToHead} now={now} timeZone={timeZone} /> : <Muted>No opponent to compare with yet.</Muted>}
        </Panel>

        <Panel id="squad" title="Squad">
          <SquadList squad={squad} />
        </Panel>
      </div>
    </>
  );
}

function HeadToHeadSummary({ teamId, h2h, now, timeZone }: { teamId: number; h2h: HeadToHead & { next: boolean }; now: Date; timeZone: string }) {
  const [self, opponent] = h2h.teams[0].id === teamId ? h2h.teams : [h2h.teams[1], h2h.teams[0]];
  const { record } = h2h;
  const selfFirst = h2h.teams[0].id === teamId;
  const wins = selfFirst ? record.winsFirst : record.winsSecond;
  const losses = selfFirst ? record.winsSecond : record.winsFirst;
  return (
    <div data-testid="head-to-head">
      <p className="mb-2 text-sm">
        {h2h.next ? 'Against the next opponent, ' : 'Against the last opponent, '}
        <AppLink
          to={`/team/${opponent.id}`}
          title={opponent.shortName === opponent.name ? undefined : opponent.name}
          className="font-semibold underline"
        >
          {opponent.shortName}
        </AppLink>
        :
      </p>
      {record.played > 0 ? (
        <dl className="mb-3 grid grid-cols-4 gap-2 text-center text-sm">
          {(
            [
              ['Played', record.played],
              [`${self.shortName} wins`, wins],
              ['Draws', record.draws],
              [`${opponent.shortName} wins`, losses],
            ] as Array<[string, number]>
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-100 p-2 dark:bg-slate-800">
              <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="text-lg font-bold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Muted>No previous meetings.</Muted>
      )}
      {h2h.matches.length > 0 ? (
        <>
          <h3 className="mb-1 text-sm font-semibold">Meetings</h3>
          <MatchList matches={h2h.matches} now={now} timeZone={timeZone} testId="h2h-matches" />
        </>
      ) : null}
    </div>
  );
}

function SquadList({ squad }: { squad: Squad }) {
  if (squad.players.length === 0 || !squad.season) return <Muted>The data names no squad for this team.</Muted>;
  const known = new Set(POSITION_GROUPS.map(([code]) => code));
  const groups: Array<[string, Squad['players']]> = [
    ...POSITION_GROUPS.map(([code, label]) => [label, squad.players.filter((player) => player.position === code)] as [string, Squad['players']]),
    ['Other players', squad.players.filter((player) => !player.position || !known.has(player.position))],
  ];
  return (
    <div data-testid="squad">
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        {squad.season.competition.name} {squad.season.code}
      </p>
      {groups
        .filter(([, players]) => players.length > 0)
        .map(([label, players]) => (
          <div key={label} className="mb-3">
            <h3 className="mb-1 text-sm font-semibold">{label}</h3>
            <ul className="grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-2">
              {players.map((player) => (
                <li key={player.id} className="flex gap-2 py-0.5">
                  <span className="w-6 text-right tabular-nums text-slate-600 dark:text-slate-400">
                    {player.shirtNumber ?? ''}
                  </span>
                  <span title={player.shortName && player.shortName !== player.name ? player.name : undefined}>
                    {player.shortName ?? player.name}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </div>
  );
}
