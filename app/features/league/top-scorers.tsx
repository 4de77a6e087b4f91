// The league page's top scorers table.
import type { TopScorers } from '../../../domain/football-contracts.ts';
import { AppLink } from '../../components/app-link.tsx';

export interface TopScorersProps {
  scorers: TopScorers['scorers'];
  caption: string;
}

export function TopScorersTable({ scorers, caption }: TopScorersProps) {
  return (
    <table className="w-full text-sm tabular-nums" data-testid="scorers">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <th scope="col" className="w-8 py-2">
            <abbr title="Rank" className="no-underline">
              #
            </abbr>
          </th>
          <th scope="col" className="py-2">
            Player
          </th>
          <th scope="col" className="py-2">
            Team
          </th>
          <th scope="col" className="py-2 text-right">
            Goals
          </th>
          <th scope="col" className="py-2 text-right">
            <abbr title="Penalties" className="no-underline">
              Pens
            </abbr>
          </th>
        </tr>
      </thead>
      <tbody>
        {scorers.map((scorer) => (
          <tr key={scorer.player.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
            <td className="py-2">{scorer.rank}</td>
            <th scope="row" className="py-2 text-left font-medium">
              <span title={scorer.player.shortName && scorer.player.shortName !== scorer.player.name ? scorer.player.name : undefined}>
                {scorer.player.shortName ?? scorer.player.name}
              </span>
            </th>
            <td className="py-2">
              <AppLink to={`/team/${scorer.team.id}`} className="hover:underline">
                {scorer.team.shortName}
              </AppLink>
            </td>
            <td className="py-2 text-right font-bold">{scorer.goals}</td>
            <td className="py-2 text-right">{scorer.penalties}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
