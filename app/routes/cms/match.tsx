// /cms/matches/{id} (issue #20): correct a match's score, status or kick-off time
// with a reason, or release the correction that holds (scope cms:matches). The
// correction runs on the live path: open pages update at once (decision 019).
import { Form, data, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { FormAlert, failureOf, inputClass } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { ConfirmAction, quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { MATCH_STATUSES } from '../../../domain/match-status.ts';
import type { Route } from './+types/match';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:matches');
  const result = await getServices(context).cms.matches.find(Number(params.id));
  if (!result.ok) throw data({ message: 'There is no such match.' }, { status: 404 });
  return { match: result.match, held: result.held };
}

/** A whole number stays a number for the schema; anything else is passed on as typed, to be refused with a message. */
function scoreOf(value: string): number | string | undefined {
  if (value.trim() === '') return undefined;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:matches');
  const { matches } = getServices(context).cms;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const matchId = Number(params.id);
  if (intent === 'release') {
    const result = await matches.release(actor, matchId);
    return result.ok
      ? cmsDone(result.released ? 'Released: the data provider’s values count again.' : 'No correction was holding.', {
          intent,
        })
      : cmsFailure(result, {}, { intent });
  }
  const values = readFields(form, ['home', 'away', 'status', 'kickoffAt', 'reason']);
  const input = {
    ...(scoreOf(values.home ?? '') !== undefined ? { home: scoreOf(values.home ?? '') } : {}),
    ...(scoreOf(values.away ?? '') !== undefined ? { away: scoreOf(values.away ?? '') } : {}),
    ...(values.status ? { status: values.status } : {}),
    // The field is a UTC date and time without a zone (datetime-local).
    ...(values.kickoffAt
      ? { kickoffAt: /Z$|[+-]\d\d:\d\d$/.test(values.kickoffAt) ? values.kickoffAt : `${values.kickoffAt}:00Z` }
      : {}),
    reason: values.reason,
  };
  const result = await matches.correct(actor, matchId, input);
  if (!result.ok) return cmsFailure(result, values, { intent: 'correct' });
  return cmsDone(
    result.changed ? 'Corrected. Open pages show it now.' : 'The match already said that: nothing changed.',
    { intent: 'correct' },
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Correct a match', noIndex: true });

function Labelled(props: {
  id: string;
  label: string;
  error?: string | undefined;
  children: React.ReactNode;
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="font-medium">
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${props.id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {props.hint}
        </p>
      ) : null}
      {props.children}
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export default function CmsMatch({ loaderData, actionData }: Route.ComponentProps) {
  const { match, held } = loaderData;
  const navigation = useNavigation();
  const result = actionData as CmsFormResult | undefined;
  const failure = result?.intent === 'correct' ? failureOf(result) : undefined;
  const typed = (name: string, fallback: string) => failure?.values[name] ?? fallback;
  const error = (name: string) => failure?.fields[name];
  const describedBy = (name: string) => (error(name) ? `match-${name}-error` : undefined);
  return (
    <>
      <p className="text-sm">
        <AppLink to="/cms/matches" className="underline underline-offset-2">
          Matches
        </AppLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        {match.home.name} {match.score.home ?? '–'}–{match.score.away ?? '–'} {match.away.name}
      </h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {match.competition.name} · kick-off {formatDateTime(match.kickoffAt)} · {match.status} ·{' '}
        <AppLink to={`/match/${match.id}`} className="underline underline-offset-2">
          public page
        </AppLink>
      </p>

      {held ? (
        <section
          aria-labelledby="held-heading"
          className="mt-6 rounded-xl border border-amber-500 bg-amber-50 p-4 dark:bg-slate-900"
        >
          <h2 id="held-heading" className="font-semibold">
            A staff correction holds
          </h2>
          <p className="mt-1 text-sm">
            Since {formatDateTime(held.createdAt)}:{' '}
            {Object.entries(held.fields)
              .map(([key, value]) => `${key} ${String(value)}`)
              .join(', ')}
            . Reason: {held.reason}. The data provider’s values for these fields are ignored until it agrees or you
            release the correction.
          </p>
          <div className="mt-3">
            <ConfirmAction
              label="Release…"
              title="Release the correction?"
              description="The next update from the data provider will set these fields again, whatever it says."
              confirmLabel="Release correction"
              fields={{ intent: 'release' }}
            />
          </div>
        </section>
      ) : null}
      {result?.intent === 'release' ? (
        <div className="mt-3">
          <FormAlert id="release-result" result={result} />
        </div>
      ) : null}

      <section
        aria-labelledby="correct-heading"
        className="mt-6 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="correct-heading" className="text-lg font-semibold">
          Correct this match
        </h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="correct" />
          <div className="sm:col-span-2">
            <FormAlert id="correct-result" result={result?.intent === 'correct' ? result : undefined} />
          </div>
          <Labelled id="match-home" label={`${match.home.name} goals`} error={error('home')}>
            <input
              id="match-home"
              name="home"
              inputMode="numeric"
              defaultValue={typed('home', match.score.home === null ? '' : String(match.score.home))}
              aria-invalid={error('home') ? true : undefined}
              aria-describedby={describedBy('home')}
              className={inputClass}
            />
          </Labelled>
          <Labelled id="match-away" label={`${match.away.name} goals`} error={error('away')}>
            <input
              id="match-away"
              name="away"
              inputMode="numeric"
              defaultValue={typed('away', match.score.away === null ? '' : String(match.score.away))}
              aria-invalid={error('away') ? true : undefined}
              aria-describedby={describedBy('away')}
              className={inputClass}
            />
          </Labelled>
          <Labelled id="match-status" label="Status" error={error('status')}>
            <select
              id="match-status"
              name="status"
              defaultValue={typed('status', match.status)}
              aria-invalid={error('status') ? true : undefined}
              aria-describedby={describedBy('status')}
              className={inputClass}
            >
              {MATCH_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled id="match-kickoffAt" label="Kick-off (UTC)" error={error('kickoffAt')}>
            <input
              id="match-kickoffAt"
              name="kickoffAt"
              type="datetime-local"
              defaultValue={typed('kickoffAt', match.kickoffAt.slice(0, 16))}
              aria-invalid={error('kickoffAt') ? true : undefined}
              aria-describedby={describedBy('kickoffAt')}
              className={inputClass}
            />
          </Labelled>
          <div className="sm:col-span-2">
            <Labelled
              id="match-reason"
              label="Reason (kept in the audit log and shown in the commentary)"
              error={error('reason')}
            >
              <textarea
                id="match-reason"
                name="reason"
                rows={2}
                required
                defaultValue={typed('reason', '')}
                aria-invalid={error('reason') ? true : undefined}
                aria-describedby={describedBy('reason')}
                className={inputClass}
              />
            </Labelled>
          </div>
          <div className="sm:col-span-2">
            <button type="submit" className={quietButtonClass} disabled={navigation.state === 'submitting'}>
              Save correction
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
