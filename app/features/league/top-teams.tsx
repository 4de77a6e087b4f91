// Top teams of a table: best attack, best defence, most wins, best recent form.
import type { Standings } from '../../../domain/football-contracts.ts';
import { AppLink } from '../../components/app-link.tsx';
import { Muted } from './panel.tsx';

type Row = Standings['rows'][number];

const FORM_POINTS = { W: 3, D: 1, L: 0 } as const;

function best(rows: Row[], score: (row: Row) => number, higher = true): Row | undefined {
  let found: Row | undefined;
  for (const row of rows) {
    if (!found || (higher ? score(row) > score(found) : score(row) < score(found))) found = row;
  }
  return found;
}

export interface TopTeamsProps {
  rows: Row[];
}

export function TopTeams({ rows }: TopTeamsProps) {
  const played = rows.filter((row) => row.played > 0);
  if (played.length === 0) return <Muted>Top teams appear once matches are played.</Muted>;
  const formPoints = (row: Row) => row.form.reduce((sum, result) => sum + FORM_POINTS[result], 0);
  const entries: Array<[string, Row | undefined, (row: Row) => string]> = [
    ['Best attack', best(played, (row) => row.goalsFor), (row) => `${row.goalsFor} goals scored`],
    ['Best defence', best(played, (row) => row.goalsAgainst / row.played, false), (row) => `${row.goalsAgainst} conceded in ${row.played}`],
    ['Most wins', best(played, (row) => row.won), (row) => `${row.won} ${row.won === 1 ? 'win' : 'wins'}`],
    ['In form', best(played, formPoints), (row) => `${formPoints(row)} points from the last ${row.form.length}`],
  ];
  return (
    <dl className="space-y-3" data-testid="top-teams">
      {entries.map(([label, row, detail]) =>
        row ? (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
            <dd>
              <AppLink to={`/team/${row.team.id}`} className="font-semibold hover:underline" title={row.team.shortName === row.team.name ? undefined : row.team.name}>
                {row.team.shortName}
              </AppLink>{' '}
              <span className="text-sm text-slate-600 dark:text-slate-400">{detail(row)}</span>
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
