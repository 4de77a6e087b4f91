// /league without a competition (issue #5; the "Leagues" entry of the navigation): every competition the
// site follows, grouped by country or region, each linking to its page with its current season.
// Competitions keep the site's order of importance, and a region comes where its first competition does.
import type { Competition } from '../../../domain/football-contracts.ts';
import { AppLink } from '../../components/app-link.tsx';

export interface CompetitionRegion {
  name: string;
  competitions: Competition[];
}

/** Competitions (most important first) grouped by area, in the order each area first appears. */
export function groupByArea(competitions: readonly Competition[]): CompetitionRegion[] {
  const regions = new Map<string, Competition[]>();
  for (const competition of competitions) {
    const list = regions.get(competition.areaName);
    if (list) list.push(competition);
    else regions.set(competition.areaName, [competition]);
  }
  return [...regions].map(([name, list]) => ({ name, competitions: list }));
}

export function CompetitionIndex({ competitions }: { competitions: Competition[] }) {
  if (competitions.length === 0)
    return <p className="text-slate-700 dark:text-slate-300">No competitions have been imported yet.</p>;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
      {groupByArea(competitions).map((region) => (
        <section
          key={region.name}
          aria-label={region.name}
          className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-400">{region.name}</h2>
          <ul className="space-y-1">
            {region.competitions.map((competition) => (
              <li key={competition.code}>
                <AppLink
                  to={`/league/${competition.code}`}
                  className="block rounded-md px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  <span className="block font-semibold">{competition.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {competition.kind === 'cup' ? 'Cup' : 'League'}
                    {competition.currentSeason ? ` · ${competition.currentSeason.code}` : ''}
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
