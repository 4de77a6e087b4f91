// /cms/matches (issue #20): find a match to correct — by part of a team's name, a
// competition code and a UTC day, newest first, a page at a time (scope cms:matches).
import { Form, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { inputClass } from '../../features/auth-forms/form-parts.tsx';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/matches';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:matches');
  const url = new URL(request.url);
  const filters = {
    team: url.searchParams.get('team') ?? '',
    competition: url.searchParams.get('competition') ?? '',
    date: url.searchParams.get('date') ?? '',
  };
  const result = await getServices(context).cms.matches.search({
    ...filters,
    cursor: url.searchParams.get('cursor') ?? undefined,
  });
  return result.ok
    ? { filters, page: result.page, fields: {} as Record<string, string> }
    : { filters, page: { matches: [], nextCursor: null }, fields: 'fields' in result ? result.fields : {} };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Matches', noIndex: true });

function FilterField(props: {
  name: 'team' | 'competition' | 'date';
  label: string;
  type?: string;
  value: string;
  error?: string;
  hint?: string;
}) {
  const id = `match-${props.name}`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        placeholder={props.hint}
        className={inputClass}
      />
      {props.error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export default function CmsMatches({ loaderData }: Route.ComponentProps) {
  const { filters, page, fields } = loaderData;
  const navigation = useNavigation();
  const next = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  if (page.nextCursor) next.set('cursor', page.nextCursor);
  return (
    <>
      <h1 className="text-2xl font-bold">Matches</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Find a match to correct its score, status or kick-off time. Corrections reach open pages at once and hold until
        the data provider agrees or you release them.
      </p>
      <Form
        method="get"
        className="mt-4 grid gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:grid-cols-4 sm:items-end dark:border-slate-800 dark:bg-slate-900"
      >
        <FilterField name="team" label="Team" value={filters.team} error={fields.team} hint="e.g. Arsenal" />
        <FilterField
          name="competition"
          label="Competition code"
          value={filters.competition}
          error={fields.competition}
          hint="e.g. en.1"
        />
        <FilterField name="date" label="Day (UTC)" type="date" value={filters.date} error={fields.date} />
        <button type="submit" className={`${quietButtonClass} h-10`} disabled={navigation.state === 'loading'}>
          Search
        </button>
      </Form>
      {page.matches.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">No matches found.</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-300 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {page.matches.map((match) => (
            <li
              key={match.id}
              className="flex flex-wrap items-center justify-between gap-2 p-3"
              data-testid="cms-match"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {match.home.name} {match.score.home ?? '–'}–{match.score.away ?? '–'} {match.away.name}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {match.competition.name} · {formatDateTime(match.kickoffAt)} · {match.status}
                </p>
              </div>
              <AppLink
                to={`/cms/matches/${match.id}`}
                className={quietButtonClass}
                aria-label={`Correct ${match.home.name} v ${match.away.name}`}
              >
                Correct
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      {page.nextCursor ? (
        <p className="mt-4">
          <AppLink to={`/cms/matches?${next.toString()}`} className="font-semibold underline underline-offset-2">
            Older matches
          </AppLink>
        </p>
      ) : null}
    </>
  );
}
