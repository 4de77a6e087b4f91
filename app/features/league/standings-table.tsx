// A standings table: caption, column and row headers, abbreviations spelled
// out for screen readers, W/D/L chips for form, a text "Live" marker for
// teams whose match counts as it stands, and the star that follows each team
// (issue #19: a team can be starred wherever it appears).
import type { Standings } from '../../../domain/football-contracts.ts';
import { AppLink } from '../../components/app-link.tsx';
import { FavouriteStar } from '../preferences/favourite-star.tsx';
import { FormChips } from './form-chips.tsx';
import { ZONE_LABELS, zoneOf, zonesOf, type ZoneKind } from '../../../domain/table-zones.ts';

/** A zone's colour: a bar beside the position, and the legend's swatch (issue #19). */
const ZONE_CLASS: Record<ZoneKind, string> = {
  'champions-league': 'border-l-blue-600 dark:border-l-blue-400',
  'europa-league': 'border-l-orange-500 dark:border-l-orange-400',
  'conference-league': 'border-l-emerald-600 dark:border-l-emerald-400',
  'relegation-play-off': 'border-l-amber-400 dark:border-l-amber-300',
  relegation: 'border-l-red-600 dark:border-l-red-400',
};

type Row = Standings['rows'][number];

const NUMBER_COLUMNS: Array<{ key: keyof Row; short: string; long: string; wide?: boolean }> = [
  { key: 'played', short: 'P', long: 'Played' },
  { key: 'won', short: 'W', long: 'Won', wide: true },
  { key: 'drawn', short: 'D', long: 'Drawn', wide: true },
  { key: 'lost', short: 'L', long: 'Lost', wide: true },
  { key: 'goalsFor', short: 'GF', long: 'Goals for', wide: true },
  { key: 'goalsAgainst', short: 'GA', long: 'Goals against', wide: true },
  { key: 'goalDifference', short: 'GD', long: 'Goal difference' },
  { key: 'points', short: 'Pts', long: 'Points' },
];

export interface StandingsTableProps {
  rows: Row[];
  caption: string;
  /** The competition and season whose qualification and relegation zones to show (its main table, overall, only). */
  zonesOf?: { code: string; season: string };
  liveTeamIds?: ReadonlySet<number>;
  highlightTeamId?: number;
  showForm?: boolean;
  testId?: string;
}

export function StandingsTable({
  rows,
  caption,
  liveTeamIds = new Set(),
  highlightTeamId,
  showForm = true,
  testId = 'standings',
  zonesOf: zoneSource,
}: StandingsTableProps) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm tabular-nums" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <th scope="col" className="w-8 py-2 pr-1.5 text-left">
              <abbr title="Position" className="no-underline">
                #
              </abbr>
            </th>
            <th scope="col" className="py-2 text-left">
              Team
            </th>
            {NUMBER_COLUMNS.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-1 py-2 text-right ${column.wide ? 'hidden sm:table-cell' : ''}`}
              >
                <abbr title={column.long} className="no-underline">
                  {column.short}
                </abbr>
              </th>
            ))}
            {/* On a phone the form gives way to the star, as the won, drawn and lost columns do to the table: with
                both, a table was wider than a 360 px screen. */}
            {showForm ? (
              <th scope="col" className="hidden py-2 pl-3 text-left sm:table-cell">
                Form
              </th>
            ) : null}
            <th scope="col" className="w-9 py-2">
              <span className="sr-only">Favourite</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const highlighted = row.team.id === highlightTeamId;
            return (
              <tr
                key={row.team.id}
                className={`border-b border-slate-100 last:border-0 dark:border-slate-800 ${highlighted ? 'bg-brand-50 font-semibold dark:bg-slate-800' : ''}`}
                aria-current={highlighted ? 'true' : undefined}
              >
                <td
                  className={`py-2 pr-1.5 ${zoneSource ? `border-l-4 pl-1.5 ${zoneClassOf(zoneSource, row.position, rows.length)}` : ''}`}
                >
                  {row.position}
                  {zoneSource && zoneOf(zoneSource.code, zoneSource.season, row.position, rows.length) ? (
                    <span className="sr-only">
                      {' '}
                      ({ZONE_LABELS[zoneOf(zoneSource.code, zoneSource.season, row.position, rows.length) as ZoneKind]})
                    </span>
                  ) : null}
                </td>
                <th scope="row" className="py-2 text-left font-medium">
                  <AppLink
                    to={`/team/${row.team.id}`}
                    className="hover:underline"
                    title={row.team.shortName === row.team.name ? undefined : row.team.name}
                  >
                    {row.team.shortName}
                  </AppLink>
                  {liveTeamIds.has(row.team.id) ? (
                    <span className="ml-2 rounded bg-red-700 px-1 py-0.5 text-[0.6rem] font-bold uppercase text-white">
                      Live
                    </span>
                  ) : null}
                </th>
                {NUMBER_COLUMNS.map((column) => (
                  <td
                    key={column.key}
                    className={`px-1 py-2 text-right ${column.key === 'points' ? 'font-bold' : ''} ${column.wide ? 'hidden sm:table-cell' : ''}`}
                  >
                    {column.key === 'goalDifference' && row.goalDifference > 0
                      ? `+${row.goalDifference}`
                      : String(row[column.key])}
                  </td>
                ))}
                {showForm ? (
                  <td className="hidden py-2 pl-3 sm:table-cell">
                    <FormChips form={row.form} />
                  </td>
                ) : null}
                <td className="py-0 pl-1 text-right">
                  <FavouriteStar compact target={{ kind: 'team', id: row.team.id, name: row.team.name }} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {zoneSource && zonesOf(zoneSource.code, zoneSource.season).length > 0 ? (
        <ul
          className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300"
          data-testid="table-zones"
        >
          {zonesOf(zoneSource.code, zoneSource.season).map((kind) => (
            <li key={kind} className={`border-l-4 pl-1.5 ${ZONE_CLASS[kind]}`}>
              {ZONE_LABELS[kind]}
            </li>
          ))}
          <li className="text-slate-600 dark:text-slate-400">
            Places as usually allocated; cup winners can change them.
          </li>
        </ul>
      ) : null}
    </div>
  );
}

function zoneClassOf(source: { code: string; season: string }, position: number, size: number): string {
  const kind = zoneOf(source.code, source.season, position, size);
  return kind ? ZONE_CLASS[kind] : 'border-l-transparent';
}
