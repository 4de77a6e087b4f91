// The competition table around both teams (issue #5): the whole group in a
// tournament, or each team with its neighbours in a league, both teams
// highlighted, "as it stands" while the match is live, and a link to the full
// table on the league page. Rows left out are marked so the gaps are clear.
import type { ReactElement } from 'react';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import type { TableAround as TableAroundData } from '../../../domain/match-insight.ts';
import { isLive } from '../../../domain/match-status.ts';
import { formatDate } from '../../../domain/time-zones.ts';
import { AppLink } from '../../components/app-link.tsx';

type Row = TableAroundData['rows'][number];

const COLUMNS: Array<{ key: keyof Row; short: string; long: string; wide?: boolean }> = [
  { key: 'played', short: 'P', long: 'Played' },
  { key: 'won', short: 'W', long: 'Won', wide: true },
  { key: 'drawn', short: 'D', long: 'Drawn', wide: true },
  { key: 'lost', short: 'L', long: 'Lost', wide: true },
  { key: 'goalDifference', short: 'GD', long: 'Goal difference' },
  { key: 'points', short: 'Pts', long: 'Points' },
];


function GapRow({ from, to }: { from: number; to: number }) {
  return (
    <tr className="border-b border-slate-100 dark:border-slate-800">
      <td colSpan={COLUMNS.length + 2} className="py-0.5 text-center text-xs text-slate-600 dark:text-slate-400">
        <span aria-hidden="true">⋯</span>
        <span className="sr-only">{from === to ? `Position ${from} not shown` : `Positions ${from} to ${to} not shown`}</span>
      </td>
    </tr>
  );
}

export function TableAround({ table, match }: { table: TableAroundData; match: MatchSummary }) {
  const live = isLive(match.status);
  const sides = new Map([
    [match.home.id, 'home'],
    [match.away.id, 'away'],
  ]);
  const last = table.rows.at(-1)?.position ?? 0;
  const caption = `${table.title}, ${table.competition.name} ${table.season}${
    table.replayOf ? `: as it stood before the original match, with this replay's score` : table.asItStands ? ': as it stands with live scores' : ''
  }${table.rows.length < table.totalTeams ? `, positions around both teams (${table.totalTeams} teams in all)` : ''}`;
  const rows: ReactElement[] = [];
  let expected = 1;
  for (const row of table.rows) {
    if (row.position > expected) rows.push(<GapRow key={`gap-${expected}`} from={expected} to={row.position - 1} />);
    expected = row.position + 1;
    const side = sides.get(row.team.id);
    rows.push(
      <tr
        key={row.team.id}
        aria-current={side ? 'true' : undefined}
        data-testid={side ? 'table-team-in-match' : undefined}
        className={`border-b border-slate-100 last:border-0 dark:border-slate-800 ${side ? 'bg-brand-50 font-semibold dark:bg-slate-800' : ''}`}
      >
        <td className="relative py-2 pl-3">
          {side ? (
            <span aria-hidden="true" className={`absolute inset-y-1 left-0 w-1 rounded-full ${side === 'home' ? 'bg-blue-600 dark:bg-blue-400' : 'bg-orange-600 dark:bg-orange-400'}`} />
          ) : null}
          {row.position}
        </td>
        <th scope="row" className="py-2 text-left font-medium">
          <AppLink to={`/team/${row.team.id}`} className="hover:underline" title={row.team.shortName === row.team.name ? undefined : row.team.name}>
            {row.team.shortName}
          </AppLink>
          {side ? <span className="sr-only"> (in this match)</span> : null}
          {side && live ? <span className="ml-2 rounded bg-red-700 px-1 py-0.5 text-[0.6rem] font-bold uppercase text-white">Live</span> : null}
        </th>
        {COLUMNS.map((column) => (
          <td key={column.key} className={`px-1 py-2 text-right ${column.key === 'points' ? 'font-bold' : ''} ${column.wide ? 'hidden sm:table-cell' : ''}`}>
            {column.key === 'goalDifference' && row.goalDifference > 0 ? `+${row.goalDifference}` : String(row[column.key])}
          </td>
        ))}
      </tr>,
    );
  }
  if (last < table.totalTeams) rows.push(<GapRow key="gap-end" from={last + 1} to={table.totalTeams} />);

  return (
    <div data-testid="table-around">
      <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">{table.title}</span>
        {table.asItStands ? (
          <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white" data-testid="table-as-it-stands">
            Live: as it stands
          </span>
        ) : null}
      </div>
      {table.replayOf ? (
        <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
          As it stood before the original match on {formatDate(table.replayOf, 'UTC', { short: true })}, with this replay&rsquo;s score counted.
        </p>
      ) : null}
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
              <th scope="col" className="w-10 py-2 pl-3 text-left">
                <abbr title="Position" className="no-underline">
                  #
                </abbr>
              </th>
              <th scope="col" className="py-2 text-left">
                Team
              </th>
              {COLUMNS.map((column) => (
                <th key={column.key} scope="col" className={`px-1 py-2 text-right ${column.wide ? 'hidden sm:table-cell' : ''}`}>
                  <abbr title={column.long} className="no-underline">
                    {column.short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      </div>
      <p className="mt-3 text-sm">
        <AppLink to={`/league/${table.competition.code}?season=${table.season}#standings`} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100">
          Full table: {table.competition.name} {table.season}
        </AppLink>
      </p>
    </div>
  );
}
