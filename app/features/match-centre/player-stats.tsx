// Player stats (issue #5): every player who took part, from match_player_stats
// (or a live replay's stats events), sortable by any column with buttons in
// the column headers (aria-sort says the order), for one team or both.
import { useState } from 'react';
import type { Lineups, MatchSummary, PlayerStats } from '../../../domain/football-contracts.ts';
import { compareNames } from '../../../domain/names.ts';

type Key =
  | 'name'
  | 'minutes'
  | 'goals'
  | 'assists'
  | 'shots'
  | 'shotsOnTarget'
  | 'passes'
  | 'passAccuracy'
  | 'keyPasses'
  | 'duelsWon'
  | 'fouls'
  | 'cards';

interface Column {
  key: Key;
  short: string;
  long: string;
  value: (row: PlayerStats) => number;
}

const accuracy = (row: PlayerStats) => (row.passes === 0 ? -1 : row.passesAccurate / row.passes);

const COLUMNS: Column[] = [
  { key: 'minutes', short: 'Min', long: 'Minutes played', value: (row) => row.minutes },
  { key: 'goals', short: 'G', long: 'Goals', value: (row) => row.goals },
  { key: 'assists', short: 'A', long: 'Assists', value: (row) => row.assists },
  { key: 'shots', short: 'Sh', long: 'Shots', value: (row) => row.shots },
  { key: 'shotsOnTarget', short: 'SoT', long: 'Shots on target', value: (row) => row.shotsOnTarget },
  { key: 'passes', short: 'Pass', long: 'Passes', value: (row) => row.passes },
  { key: 'passAccuracy', short: 'Acc%', long: 'Pass accuracy', value: accuracy },
  { key: 'keyPasses', short: 'KP', long: 'Key passes', value: (row) => row.keyPasses },
  { key: 'duelsWon', short: 'Duels', long: 'Duels won of duels', value: (row) => row.duelsWon },
  { key: 'fouls', short: 'Fls', long: 'Fouls committed', value: (row) => row.fouls },
  { key: 'cards', short: 'Cards', long: 'Cards', value: (row) => row.redCards * 10 + row.yellowCards },
];

type TeamChoice = 'both' | 'home' | 'away';

/** Sorted rows: the chosen column, ties by minutes then name, so the order never jumps between renders. */
export function sortPlayerStats(
  rows: readonly PlayerStats[],
  key: Key,
  direction: 'ascending' | 'descending',
): PlayerStats[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const column = COLUMNS.find((candidate) => candidate.key === key);
  return [...rows].sort((a, b) => {
    const primary = key === 'name' || !column ? compareNames(a.name, b.name) : column.value(a) - column.value(b);
    return sign * primary || b.minutes - a.minutes || compareNames(a.name, b.name);
  });
}

function Cards({ row }: { row: PlayerStats }) {
  if (row.yellowCards === 0 && row.redCards === 0) return <span className="text-slate-400 dark:text-slate-500">–</span>;
  const label = [row.yellowCards ? `${row.yellowCards} yellow` : '', row.redCards ? `${row.redCards} red` : '']
    .filter(Boolean)
    .join(', ');
  return (
    <span className="inline-flex items-center gap-0.5" title={label}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: row.yellowCards }, (_, index) => (
        <span key={`y${index}`} aria-hidden="true" className="inline-block h-3.5 w-2.5 rounded-[2px] bg-yellow-400" />
      ))}
      {Array.from({ length: row.redCards }, (_, index) => (
        <span key={`r${index}`} aria-hidden="true" className="inline-block h-3.5 w-2.5 rounded-[2px] bg-red-600" />
      ))}
    </span>
  );
}

export function PlayerStatsTable({
  match,
  players,
  lineups,
}: {
  match: MatchSummary;
  players: readonly PlayerStats[];
  lineups: Lineups | null;
}) {
  const [team, setTeam] = useState<TeamChoice>('both');
  const [sort, setSort] = useState<{ key: Key; direction: 'ascending' | 'descending' }>({
    key: 'minutes',
    direction: 'descending',
  });
  if (players.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">The data for this match has no player statistics.</p>
    );
  }
  const shirts = new Map(
    [...(lineups?.home.players ?? []), ...(lineups?.away.players ?? [])].map((player) => [player.id, player]),
  );
  const numbered = [...shirts.values()].some((player) => player.shirtNumber !== null);
  const shown = sortPlayerStats(
    players.filter((row) => team === 'both' || row.teamId === (team === 'home' ? match.home.id : match.away.id)),
    sort.key,
    sort.direction,
  );
  const choose = (key: Key) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'descending' ? 'ascending' : 'descending' }
        : { key, direction: key === 'name' ? 'ascending' : 'descending' },
    );
  const ariaSort = (key: Key) => (sort.key === key ? sort.direction : undefined);
  const arrow = (key: Key) => (sort.key === key ? (sort.direction === 'descending' ? '▼' : '▲') : '');
  const headerButton =
    'inline-flex items-center gap-0.5 rounded px-1 py-0.5 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800';
  const teamOf = (teamId: number) => (teamId === match.home.id ? match.home : match.away);
  return (
    <div data-testid="player-stats">
      <div
        role="group"
        aria-label="Players of"
        className="mb-3 inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700"
      >
        {(
          [
            ['both', 'Both teams'],
            ['home', match.home.shortName],
            ['away', match.away.shortName],
          ] as Array<[TeamChoice, string]>
        ).map(([key, text]) => (
          <button
            key={key}
            type="button"
            aria-pressed={team === key}
            onClick={() => setTeam(key)}
            className={`rounded-md px-3 py-1 text-sm font-medium ${team === key ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
          >
            {text}
          </button>
        ))}
      </div>
      {/* Keyboard users can scroll the table sideways on narrow screens: the region takes focus. `relative` keeps
          the column headers' absolutely placed screen-reader text inside this box; without it that text escaped
          to the page and made the match page 735 px wide on a phone (issue #19). */}
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Player stats table">
        <table className="w-full min-w-[44rem] text-sm">
          <caption className="sr-only">
            Player statistics, sortable: the column buttons sort by that column; choose again to reverse.
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300">
              <th
                scope="col"
                aria-sort={ariaSort('name')}
                className="sticky left-0 bg-white py-1 pr-2 text-left dark:bg-slate-900"
              >
                <button type="button" className={headerButton} onClick={() => choose('name')}>
                  Player <span aria-hidden="true">{arrow('name')}</span>
                </button>
              </th>
              {COLUMNS.map((column) => (
                <th key={column.key} scope="col" aria-sort={ariaSort(column.key)} className="px-0.5 py-1 text-right">
                  <button type="button" className={headerButton} onClick={() => choose(column.key)} title={column.long}>
                    <span aria-hidden="true">{column.short}</span>
                    <span className="sr-only">{column.long}</span>
                    <span aria-hidden="true" className="w-2 text-[10px]">
                      {arrow(column.key)}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => {
              const lineup = shirts.get(row.playerId);
              const side = teamOf(row.teamId);
              return (
                <tr key={row.playerId} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <th
                    scope="row"
                    className="sticky left-0 bg-white py-1.5 pr-2 text-left font-normal dark:bg-slate-900"
                  >
                    <span className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="size-2.5 shrink-0 rounded-full"
                        style={{ backgroundColor: side.colours.primary }}
                      />
                      {numbered ? (
                        <span className="w-5 shrink-0 text-right text-xs tabular-nums text-slate-600 dark:text-slate-400">
                          {lineup?.shirtNumber ?? ''}
                        </span>
                      ) : null}
                      <span className="truncate font-medium">{lineup?.shortName ?? row.name}</span>
                      <span className="sr-only">, {side.name}</span>
                    </span>
                  </th>
                  <td className="px-1 text-right tabular-nums">{row.minutes}</td>
                  <td className={`px-1 text-right tabular-nums ${row.goals > 0 ? 'font-bold' : ''}`}>{row.goals}</td>
                  <td className={`px-1 text-right tabular-nums ${row.assists > 0 ? 'font-bold' : ''}`}>
                    {row.assists}
                  </td>
                  <td className="px-1 text-right tabular-nums">{row.shots}</td>
                  <td className="px-1 text-right tabular-nums">{row.shotsOnTarget}</td>
                  <td className="px-1 text-right tabular-nums">
                    {row.passesAccurate}/{row.passes}
                  </td>
                  <td className="px-1 text-right tabular-nums">
                    {row.passes === 0 ? '–' : `${Math.round((row.passesAccurate / row.passes) * 100)}%`}
                  </td>
                  <td className="px-1 text-right tabular-nums">{row.keyPasses}</td>
                  <td className="px-1 text-right tabular-nums">
                    {row.duelsWon}/{row.duels}
                  </td>
                  <td className="px-1 text-right tabular-nums">{row.fouls}</td>
                  <td className="px-1 text-right">
                    <Cards row={row} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Passes and duels: completed or won, of all. Counted from the match events.
      </p>
    </div>
  );
}
