// /cms/pages/{id}/revisions/{number} (issue #20): one saved revision of a page as
// it reads, with its Markdown, and the way back to it (restore asks first).
import { data, redirect } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { SanitizedProse } from '../../components/prose.tsx';
import { FormAlert, type FormResult } from '../../features/auth-forms/form-parts.tsx';
import { cmsFailure } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { ConfirmAction } from '../../features/cms/confirm-dialog.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/page-revision';
import { getServices } from '../../../server/router-context.server.ts';

function positive(value: string | undefined): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0)
    throw data({ message: 'There is no such revision.' }, { status: 404 });
  return number;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:pages');
  const { pages } = getServices(context).cms;
  const id = positive(params.id);
  const [page, revision] = await Promise.all([pages.get(id), pages.revision(id, positive(params.number))]);
  if (!page.ok || !revision.ok) throw data({ message: 'There is no such revision.' }, { status: 404 });
  return {
    page: { id, title: page.page.title, slug: page.page.slug, revision: page.page.revision },
    revision: revision.revision,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:pages');
  const id = positive(params.id);
  const result = await getServices(context).cms.pages.restore(actor, id, positive(params.number));
  if (!result.ok) return cmsFailure(result, {}, { intent: 'restore' });
  throw redirect(`/cms/pages/${id}?saved=restored`);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `Revision ${args.loaderData.revision.number}: ${args.loaderData.page.title}` : 'Revision',
    noIndex: true,
  });

export default function CmsPageRevision({ loaderData, actionData }: Route.ComponentProps) {
  const { page, revision } = loaderData;
  const current = revision.number === page.revision;
  return (
    <>
      <p className="text-sm">
        <AppLink to="/cms/pages" className="underline underline-offset-2">
          Pages
        </AppLink>{' '}
        ›{' '}
        <AppLink to={`/cms/pages/${page.id}`} className="underline underline-offset-2">
          {page.title}
        </AppLink>
      </p>
      <h1 className="mt-1 text-2xl font-bold">
        Revision {revision.number}
        {current ? ' (current)' : ''}
      </h1>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Saved <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
        {revision.author ? ` by ${revision.author.displayName ?? 'a former staff member'}` : ''}
        {revision.restoredFrom !== null ? `, restoring revision ${revision.restoredFrom}` : ''}.
      </p>
      {current ? null : (
        <div className="mt-3">
          <ConfirmAction
            label={`Restore revision ${revision.number}…`}
            title={`Restore revision ${revision.number}?`}
            description={`Its title, description and text replace the current ones, saved as revision ${page.revision + 1}. Nothing in the history is lost.`}
            confirmLabel="Restore"
            fields={{ intent: 'restore' }}
          />
        </div>
      )}
      <FormAlert id="restore-result" result={actionData as FormResult | undefined} />

      <section
        aria-labelledby="revision-text"
        className="mt-6 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="revision-text" className="text-xl font-bold">
          {revision.title}
        </h2>
        {revision.description ? (
          <p className="mt-1 text-slate-600 dark:text-slate-400">{revision.description}</p>
        ) : null}
        <div className="mt-4">
          <SanitizedProse html={revision.html} />
        </div>
      </section>
      <details className="mt-4">
        <summary className="cursor-pointer font-medium">Markdown of this revision</summary>
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded-md bg-white p-3 text-sm dark:bg-slate-900">
          {revision.body}
        </pre>
      </details>
    </>
  );
}
