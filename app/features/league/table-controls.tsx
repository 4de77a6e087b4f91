// A league table's controls: its tables (split groups, a cup's groups), views
// (overall, home, away) and the table on a date. Plain links and a GET form,
// so they work before their code arrives (a deferred part of the league page,
// which works out every address).
import { AppLink } from '../../components/app-link.tsx';

export interface ControlLink {
  label: string;
  href: string;
  current: boolean;
}

export interface TableControlsProps {
  /** The season's tables, the main one first; empty when it has one. */
  phases: ControlLink[];
  views: ControlLink[];
  dateForm: {
    /** The fields the date keeps (season, view, phase, reveal). */
    hidden: Array<[string, string]>;
    asOf: string | null;
    min: string | null;
    max: string | null;
    /** Back to the latest table, when a date is shown. */
    latest: string | null;
  };
}

export function TableControls({ phases, views, dateForm }: TableControlsProps) {
  return (
    <>
      {phases.length > 1 ? (
        <nav aria-label="Tables" className="mb-3 flex flex-wrap gap-2 text-sm" data-testid="table-phases">
          {phases.map((phase) => (
            <AppLink
              key={phase.href}
              to={phase.href}
              aria-current={phase.current ? 'page' : undefined}
              preventScrollReset
              className={`rounded border px-3 py-1 ${
                phase.current
                  ? 'border-slate-800 bg-slate-800 font-semibold text-white dark:border-slate-200 dark:bg-slate-200 dark:text-slate-900'
                  : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800'
              }`}
            >
              {phase.label}
            </AppLink>
          ))}
        </nav>
      ) : null}
      <nav aria-label="Table views" className="mb-3 flex flex-wrap gap-2 text-sm">
        {views.map((view) => (
          <AppLink
            key={view.href}
            to={view.href}
            aria-current={view.current ? 'page' : undefined}
            preventScrollReset
            className={`rounded-full border px-3 py-1 ${
              view.current
                ? 'border-brand-600 bg-brand-600 font-semibold text-white'
                : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800'
            }`}
          >
            {view.label}
          </AppLink>
        ))}
      </nav>
      <form
        method="get"
        action="#standings"
        className="mb-3 flex flex-wrap items-end gap-2 text-sm"
        aria-label="Table on a date"
      >
        {dateForm.hidden.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="flex flex-col gap-1">
          <span className="font-medium">Table on date</span>
          <input
            type="date"
            name="asOf"
            defaultValue={dateForm.asOf ?? ''}
            min={dateForm.min ?? undefined}
            max={dateForm.max ?? undefined}
            className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <button
          type="submit"
          className="rounded border border-slate-400 px-3 py-1 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          Show table
        </button>
        {dateForm.latest ? (
          <AppLink to={dateForm.latest} preventScrollReset className="px-1 py-1 underline">
            Latest table
          </AppLink>
        ) : null}
      </form>
    </>
  );
}
