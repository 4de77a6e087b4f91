// /cms/hot-matches (issue #20): the matches staff put first on /hot-match-today
// and home's hot section (scope cms:matches). Find a match by team or
// competition and day, pin it with an optional label, move it up or down with
// the buttons (keyboard and screen readers alike), relabel or unpin it. Every
// write is audited by the CMS service.
import { useEffect, useRef } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { FormAlert, inputClass } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { ConfirmAction, quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import type { Route } from './+types/hot-matches';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:matches');
  const { cms, clock } = getServices(context);
  const url = new URL(request.url);
  const today = clock.now().toISOString().slice(0, 10);
  // Without a search, today's matches (UTC): the usual candidates.
  const searched = url.searchParams.has('q') || url.searchParams.has('date');
  const filters = { q: url.searchParams.get('q') ?? '', date: searched ? (url.searchParams.get('date') ?? '') : today };
  const [{ pins }, found] = await Promise.all([
    cms.hotMatches.list(),
    cms.hotMatches.search({ q: filters.q, ...(filters.date ? { date: filters.date } : {}) }),
  ]);
  return {
    pins,
    filters,
    matches: found.ok ? found.matches : [],
    searchErrors: found.ok ? {} : 'fields' in found ? found.fields : {},
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:matches');
  const { hotMatches } = getServices(context).cms;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values = readFields(form, ['matchId', 'label', 'position', 'fixture']);
  const tag = { intent, target: values.matchId };
  const matchId = Number(values.matchId);
  switch (intent) {
    case 'pin': {
      const result = await hotMatches.pin(actor, { matchId: values.matchId, label: values.label });
      return result.ok ? cmsDone(`Pinned ${values.fixture}.`, tag) : cmsFailure(result, values, tag);
    }
    case 'move-up':
    case 'move-down': {
      const result = await hotMatches.update(actor, matchId, { position: values.position });
      return result.ok
        ? cmsDone(`Moved ${values.fixture} to position ${values.position}.`, tag)
        : cmsFailure(result, values, tag);
    }
    case 'label': {
      const result = await hotMatches.update(actor, matchId, { label: values.label });
      return result.ok
        ? cmsDone((values.label ?? '').trim() ? 'Label saved.' : 'Label removed.', tag)
        : cmsFailure(result, values, tag);
    }
    case 'unpin': {
      const result = await hotMatches.unpin(actor, matchId);
      return result.ok ? cmsDone(`Unpinned ${values.fixture}.`, tag) : cmsFailure(result, values, tag);
    }
    default:
      return cmsDone('Nothing was changed.', tag);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Hot matches', noIndex: true });

const fixtureOf = (match: MatchSummary) => `${match.home.name} v ${match.away.name}`;

const STATE_TEXT = {
  showing: 'Showing today',
  upcoming: 'Waits for its day',
  over: 'Over: no longer shown',
  off: 'Not shown: postponed or cancelled',
} as const;

function answerFor(result: CmsFormResult | undefined, intents: readonly string[], target: number) {
  return result && intents.includes(result.intent) && result.target === String(target) ? result : undefined;
}

function MatchFacts({ match }: { match: MatchSummary }) {
  return (
    <span className="text-sm text-slate-600 dark:text-slate-400">
      {match.competition.name} · {formatDateTime(match.kickoffAt)} · {match.status}
      {match.replayOf ? ' · replay' : ''}
    </span>
  );
}

export default function CmsHotMatches({ loaderData }: Route.ComponentProps) {
  const { pins, filters, matches, searchErrors } = loaderData;
  const result = useActionData<CmsFormResult>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const pinned = new Set(pins.map((pin) => pin.matchId));

  // A moved pin keeps the focus on the button pressed (or the other one, at an end of the list): the list reorders
  // under it. Once the pins are read again (idle), not when the answer comes: the button may be disabled by then.
  const refocused = useRef<CmsFormResult | undefined>(undefined);
  useEffect(() => {
    if (navigation.state !== 'idle' || refocused.current === result) return;
    refocused.current = result;
    if (!result?.ok || !result.target || !result.intent.startsWith('move-')) return;
    const pressed = result.intent === 'move-up' ? 'up' : 'down';
    const button = (way: string) => document.getElementById(`move-${way}-${result.target}`) as HTMLButtonElement | null;
    const target = button(pressed)?.disabled === false ? button(pressed) : button(pressed === 'up' ? 'down' : 'up');
    target?.focus();
  }, [result, navigation.state]);

  return (
    <>
      <h1 className="text-2xl font-bold">Hot matches</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Pinned matches lead{' '}
        <AppLink to="/hot-match-today" className="underline underline-offset-2">
          Hot matches today
        </AppLink>{' '}
        (the first 20) and the home page&apos;s hot section (the first 5), in this order; the automatic choice follows.
        A pin shows on its match&apos;s day, in each visitor&apos;s time zone, and while the match is live. Times here
        are UTC.
      </p>

      <section aria-labelledby="pins-heading" className="mt-6">
        <h2 id="pins-heading" className="text-lg font-semibold">
          Pinned ({pins.length})
        </h2>
        {pins.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Nothing is pinned: the hot lists show the automatic choice.
          </p>
        ) : (
          <ol className="mt-3 space-y-3">
            {pins.map((pin, index) => {
              const fixture = fixtureOf(pin.match);
              const answer = answerFor(result, ['move-up', 'move-down', 'label', 'unpin'], pin.matchId);
              const labelFailure = answer && !answer.ok && answer.intent === 'label' ? answer : undefined;
              const labelError = labelFailure?.fields.label;
              const labelId = `label-${pin.matchId}`;
              return (
                <li
                  key={pin.matchId}
                  data-testid="pin"
                  data-match-id={pin.matchId}
                  className="rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p>
                      <span className="mr-2 font-bold tabular-nums">{pin.position}.</span>
                      <strong>{fixture}</strong>
                      {pin.label ? (
                        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                          {pin.label}
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm font-medium">{STATE_TEXT[pin.state]}</p>
                  </div>
                  <MatchFacts match={pin.match} />
                  <div className="mt-3 flex flex-wrap items-end gap-2">
                    <Form method="post" className="flex items-end gap-2">
                      <input type="hidden" name="intent" value="label" />
                      <input type="hidden" name="matchId" value={pin.matchId} />
                      <input type="hidden" name="fixture" value={fixture} />
                      <div>
                        <label htmlFor={labelId} className="text-sm font-medium">
                          Label <span className="sr-only">of {fixture}</span>
                        </label>
                        <input
                          id={labelId}
                          name="label"
                          defaultValue={labelFailure?.values.label ?? pin.label ?? ''}
                          key={pin.label ?? ''}
                          maxLength={40}
                          placeholder="Derby, Final…"
                          aria-invalid={labelError ? true : undefined}
                          aria-describedby={labelError ? `${labelId}-error` : undefined}
                          className={`${inputClass} mt-0 w-40 py-1.5`}
                        />
                      </div>
                      <button type="submit" disabled={busy} className={`${quietButtonClass} whitespace-nowrap`}>
                        Save label
                      </button>
                    </Form>
                    {(['up', 'down'] as const).map((way) => {
                      const position = way === 'up' ? pin.position - 1 : pin.position + 1;
                      const atEnd = way === 'up' ? index === 0 : index === pins.length - 1;
                      return (
                        <Form key={way} method="post">
                          <input type="hidden" name="intent" value={`move-${way}`} />
                          <input type="hidden" name="matchId" value={pin.matchId} />
                          <input type="hidden" name="fixture" value={fixture} />
                          <input type="hidden" name="position" value={position} />
                          <button
                            type="submit"
                            id={`move-${way}-${pin.matchId}`}
                            disabled={atEnd || busy}
                            aria-label={`Move ${fixture} ${way}`}
                            className={`${quietButtonClass} disabled:opacity-50`}
                          >
                            {way === 'up' ? 'Move up' : 'Move down'}
                          </button>
                        </Form>
                      );
                    })}
                    <ConfirmAction
                      label="Unpin…"
                      title={`Unpin ${fixture}?`}
                      description="It leaves the top of the hot lists; the automatic choice may still list it."
                      confirmLabel="Unpin"
                      fields={{ intent: 'unpin', matchId: pin.matchId, fixture }}
                    />
                  </div>
                  {labelError ? (
                    <p id={`${labelId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
                      {labelError}
                    </p>
                  ) : null}
                  {answer ? (
                    <div className="mt-3">
                      <FormAlert id={`pin-${pin.matchId}-result`} result={answer} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
        {result?.intent === 'unpin' && !pinned.has(Number(result.target)) ? (
          <div className="mt-3">
            <FormAlert id="unpin-result" result={result} />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="find-heading" className="mt-8">
        <h2 id="find-heading" className="text-lg font-semibold">
          Find a match to pin
        </h2>
        <Form
          method="get"
          className="mt-3 grid gap-3 rounded-xl border border-slate-300 bg-white p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end dark:border-slate-800 dark:bg-slate-900"
        >
          <div>
            <label htmlFor="find-q" className="text-sm font-medium">
              Team or competition
            </label>
            <input
              id="find-q"
              name="q"
              type="search"
              defaultValue={filters.q}
              aria-invalid={searchErrors.q ? true : undefined}
              aria-describedby={searchErrors.q ? 'find-q-error' : undefined}
              className={inputClass}
            />
            {searchErrors.q ? (
              <p id="find-q-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {searchErrors.q}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="find-date" className="text-sm font-medium">
              Day (UTC)
            </label>
            <input
              id="find-date"
              name="date"
              type="date"
              defaultValue={filters.date}
              aria-invalid={searchErrors.date ? true : undefined}
              aria-describedby={searchErrors.date ? 'find-date-error' : 'find-date-hint'}
              className={inputClass}
            />
            {searchErrors.date ? (
              <p id="find-date-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {searchErrors.date}
              </p>
            ) : (
              <p id="find-date-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Empty: the next 30 days.
              </p>
            )}
          </div>
          <button type="submit" className={`${quietButtonClass} h-10 sm:mb-7`}>
            Search
          </button>
        </Form>

        {matches.length === 0 ? (
          <p className="mt-3 text-slate-700 dark:text-slate-300">
            No match found. Try another team, competition or day.
          </p>
        ) : (
          <ul className="mt-3 space-y-2" aria-label="Matches found">
            {matches.map((match) => {
              const fixture = fixtureOf(match);
              const answer = answerFor(result, ['pin'], match.id);
              const failure = answer && !answer.ok ? answer : undefined;
              const inputId = `pin-label-${match.id}`;
              return (
                <li
                  key={match.id}
                  data-testid="found-match"
                  data-match-id={match.id}
                  className="rounded-xl border border-slate-300 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex flex-wrap items-end justify-between gap-3">
                    <div>
                      <strong>{fixture}</strong>
                      <br />
                      <MatchFacts match={match} />
                    </div>
                    {pinned.has(match.id) ? (
                      <p className="text-sm font-semibold">Pinned</p>
                    ) : (
                      <Form method="post" className="flex items-end gap-2">
                        <input type="hidden" name="intent" value="pin" />
                        <input type="hidden" name="matchId" value={match.id} />
                        <input type="hidden" name="fixture" value={fixture} />
                        <div>
                          <label htmlFor={inputId} className="text-sm font-medium">
                            Label (optional) <span className="sr-only">for {fixture}</span>
                          </label>
                          <input
                            id={inputId}
                            name="label"
                            defaultValue={failure?.values.label ?? ''}
                            maxLength={40}
                            placeholder="Derby, Final…"
                            aria-invalid={failure?.fields.label ? true : undefined}
                            aria-describedby={failure?.fields.label ? `${inputId}-error` : undefined}
                            className={`${inputClass} mt-0 w-40 py-1.5`}
                          />
                        </div>
                        <button
                          type="submit"
                          disabled={busy}
                          aria-label={`Pin ${fixture}`}
                          className={quietButtonClass}
                        >
                          Pin
                        </button>
                      </Form>
                    )}
                  </div>
                  {failure?.fields.label ? (
                    <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
                      {failure.fields.label}
                    </p>
                  ) : null}
                  {answer ? (
                    <div className="mt-2">
                      <FormAlert id={`found-${match.id}-result`} result={answer} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
