// /cms/odds (issue #24, scope cms:odds; docs/odds.md): the site-wide switch that hides all betting content
// (every odds panel and win-probability graph, and the odds API answers 404 odds_disabled), and the margin
// on the model's prices in percent (empty: the environment's ODDS_MARGIN). Audited by the service; every
// server uses a change within moments.
import { Form, useActionData, useNavigation } from 'react-router';
import { Field, FormAlert, failureOf, primaryButtonClass } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/odds';
import { getServices } from '../../../server/router-context.server.ts';

const FIELDS = ['enabled', 'margin'] as const;
const MAX_PERCENT = 25;

/** "5", "2.5" or "2,5" percent as a fraction; null for empty; undefined when it is not such a number. */
function marginOf(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.').replace(/\s*%$/, '');
  if (trimmed === '') return null;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const percent = Number(trimmed);
  return percent <= MAX_PERCENT ? Math.round(percent * 100) / 10_000 : undefined;
}

const percentOf = (margin: number) => String(Math.round(margin * 10_000) / 100);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:odds');
  return { view: await getServices(context).cms.odds.view() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:odds');
  const values = readFields(await request.formData(), FIELDS);
  const tag = { intent: 'odds' };
  const margin = marginOf(values.margin ?? '');
  if (margin === undefined) {
    return cmsFailure(
      {
        ok: false,
        code: 'invalid_input',
        message: 'Please correct the fields marked below',
        fields: {
          margin: `Enter a margin in percent from 0 to ${MAX_PERCENT}, such as 5 or 2.5; empty for the default.`,
        },
      },
      values,
      tag,
    );
  }
  const result = await getServices(context).cms.odds.change(actor, { enabled: values.enabled === 'on', margin });
  if (!result.ok) return cmsFailure(result, values, tag);
  if (result.changed.length === 0) return cmsDone('Nothing had changed.', tag);
  return cmsDone(
    result.settings.enabled
      ? 'Saved: model odds are shown on the site.'
      : 'Saved: all betting content is hidden on the site, on every server.',
    tag,
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Model odds', noIndex: true });

export default function CmsOdds({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const result = useActionData<CmsFormResult>();
  const failure = failureOf(result);
  const navigation = useNavigation();
  const enabledNow = failure ? failure.values.enabled === 'on' : view.enabled;
  return (
    <>
      <h1 className="text-2xl font-bold">Model odds</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Match pages show a statistical model&apos;s odds, labelled &ldquo;Model odds — not a bookmaker&apos;s
        offer&rdquo; with an 18+ note. The site takes no bets and links to no bookmaker. Switching odds off hides every
        odds panel and win-probability graph, and the odds API answers &ldquo;odds_disabled&rdquo;, on every server
        within moments.
        {view.updatedAt ? ` Last saved ${formatDateTime(view.updatedAt)}.` : ''}
      </p>
      <p className="mt-3 font-medium" data-testid="odds-state">
        {view.enabled ? 'Odds are shown on the site now.' : 'Odds are hidden on the site now.'}
      </p>
      <Form
        method="post"
        noValidate
        key={view.updatedAt ?? 'environment'}
        className="mt-6 max-w-3xl space-y-4 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <FormAlert id="odds-result" result={result} />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="enabled" defaultChecked={enabledNow} />
          Show model odds on the site
        </label>
        <Field
          idPrefix="odds"
          name="margin"
          label="Margin on prices (%)"
          hint={`0 gives fair odds (1 ÷ probability); 5 makes every price about 5 % shorter. Empty: the default, ${percentOf(view.defaultMargin)} %.`}
          failure={failure}
          defaultValue={view.marginOverridden ? percentOf(view.margin) : ''}
        />
        <div className="max-w-xs">
          <button type="submit" disabled={navigation.state === 'submitting'} className={primaryButtonClass}>
            Save
          </button>
        </div>
      </Form>
    </>
  );
}
