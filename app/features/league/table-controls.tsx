// A league table's controls: its tables (split groups, a cup's groups), views
// (overall, home, away) and the table on a date. Plain links and a GET form,
// so they work before their code arrives (a deferred part of the league page).
import { AppLink } from '../../components/app-link.tsx';
import { pageUrl, VIEWS, type TableView } from './league-url.ts';

export interface TableControlsProps {
  code: string;
  season: { code: string; startDate: string | null; endDate: string | null };
  view: TableView;
  asOf: string | null;
  /** The season's tables, the main one first. */
  phases: Array<{ code: string; name: string }>;
  /** The table shown when it is not the main one. */
  phase: string | null;
  /** Spoiler-safe mode set aside on this page view: the links keep it so. */
  revealed: boolean;
}

export function TableControls({ code, season, view, asOf, phases, phase, revealed }: TableControlsProps) {
  const link = (params: Record<string, string | null>, hash: string) =>
    pageUrl(code, { ...params, reveal: revealed ? '1' : null }, hash);
  return (
    <>
      {phases.length > 1 ? (
        <nav aria-label="Tables" className="mb-3 flex flex-wrap gap-2 text-sm" data-testid="table-phases">
          {phases.map((candidate, index) => {
            const current = phase ? candidate.code === phase : index === 0;
            return (
              <AppLink
                key={candidate.code}
                to={link(
                  {
                    season: season.code,
                    view: view === 'overall' ? null : view,
                    asOf,
                    phase: index === 0 ? null : candidate.code,
                  },
                  '#standings',
                )}
                aria-current={current ? 'page' : undefined}
                preventScrollReset
                className={`rounded border px-3 py-1 ${
                  current
                    ? 'border-slate-800 bg-slate-800 font-semibold text-white dark:border-slate-200 dark:bg-slate-200 dark:text-slate-900'
                    : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800'
                }`}
              >
                {candidate.name}
              </AppLink>
            );
          })}
        </nav>
      ) : null}
      <nav aria-label="Table views" className="mb-3 flex flex-wrap gap-2 text-sm">
        {VIEWS.map(([key, label]) => (
          <AppLink
            key={key}
            to={link({ season: season.code, view: key === 'overall' ? null : key, asOf, phase }, '#standings')}
            aria-current={key === view ? 'page' : undefined}
            preventScrollReset
            className={`rounded-full border px-3 py-1 ${
              key === view
                ? 'border-brand-600 bg-brand-600 font-semibold text-white'
                : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800'
            }`}
          >
            {label}
          </AppLink>
        ))}
      </nav>
      <form
        method="get"
        action="#standings"
        className="mb-3 flex flex-wrap items-end gap-2 text-sm"
        aria-label="Table on a date"
      >
        <input type="hidden" name="season" value={season.code} />
        {view === 'overall' ? null : <input type="hidden" name="view" value={view} />}
        {phase ? <input type="hidden" name="phase" value={phase} /> : null}
        {revealed ? <input type="hidden" name="reveal" value="1" /> : null}
        <label className="flex flex-col gap-1">
          <span className="font-medium">Table on date</span>
          <input
            type="date"
            name="asOf"
            defaultValue={asOf ?? ''}
            min={season.startDate ?? undefined}
            max={season.endDate ?? undefined}
            className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <button
          type="submit"
          className="rounded border border-slate-400 px-3 py-1 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          Show table
        </button>
        {asOf ? (
          <AppLink
            to={link({ season: season.code, view: view === 'overall' ? null : view, phase }, '#standings')}
            preventScrollReset
            className="px-1 py-1 underline"
          >
            Latest table
          </AppLink>
        ) : null}
      </form>
    </>
  );
}
