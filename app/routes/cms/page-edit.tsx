// /cms/pages/{id} (issue #20): edit a page with the live preview, publish it now
// or at a time, take it off the site, and its history with restore. Unpublishing
// and restoring ask first. A save names the revision it started from: if someone
// saved in between, nothing is overwritten unless the editor says so, and what
// they typed stays on screen either way.
import { Form, data, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { FormAlert, inputClass, type FormResult } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { ConfirmAction, quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import {
  pageText,
  previewAnswer,
  readPageForm,
  scheduledInstant,
} from '../../features/cms-pages/page-actions.server.ts';
import { answerTo, isPreview, keptValues, type PageAnswer } from '../../features/cms-pages/page-answers.ts';
import { PageEditor, primaryActionClass, secondaryActionClass } from '../../features/cms-pages/page-editor.tsx';
import { PageStatusText } from '../../features/cms-pages/page-status.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/page-edit';
import { getServices } from '../../../server/router-context.server.ts';

const SAVED_MESSAGES: Record<string, string> = {
  created: 'Saved as a draft. It is not on the site until you publish it.',
  published: 'Published: the page is on the site.',
  restored: 'Restored.',
};

function pageIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw data({ message: 'There is no page with this address in the CMS.' }, { status: 404 });
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:pages');
  const services = getServices(context);
  const id = pageIdOf(params.id);
  const [result, history] = await Promise.all([services.cms.pages.get(id), services.cms.pages.revisions(id)]);
  if (!result.ok || !history.ok) throw data({ message: 'There is no page with this id.' }, { status: 404 });
  const saved = new URL(request.url).searchParams.get('saved');
  return {
    page: result.page,
    revisions: history.revisions,
    // The preview link points at SITE_PREVIEW_URL's site when it is set; otherwise the preview is this screen's own.
    previewLink: services.config.SITE_PREVIEW_URL ? result.page.previewUrl : null,
    notice: saved ? (SAVED_MESSAGES[saved] ?? null) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:pages');
  const services = getServices(context);
  const { pages } = services.cms;
  const id = pageIdOf(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  switch (intent) {
    case 'preview':
      return previewAnswer(pages, form);
    case 'save':
    case 'overwrite': {
      const values = readPageForm(form);
      // "Save mine anyway" after a conflict: the other editor's revision stays in the history.
      const overwrite = intent === 'overwrite';
      const baseRevision = Number(values.baseRevision);
      const input = { ...pageText(values), ...(overwrite || !baseRevision ? {} : { baseRevision }) };
      const result = await pages.update(actor, id, input);
      if (!result.ok) return cmsFailure(result, values, { intent: 'save' });
      return cmsDone(`Saved as revision ${result.page.revision}.`, { intent: 'save' });
    }
    case 'publish': {
      const result = await pages.publish(actor, id, {});
      return result.ok
        ? cmsDone('Published: the page is on the site.', { intent })
        : cmsFailure(result, {}, { intent });
    }
    case 'schedule': {
      const value = String(form.get('publishAt') ?? '');
      const when = scheduledInstant(value, services.clock.now());
      if (!when.ok)
        return cmsFailure(
          { ok: false, code: 'invalid_input', message: when.message, fields: { publishAt: when.message } },
          { publishAt: value },
          { intent },
        );
      const result = await pages.publish(actor, id, { publishAt: when.publishAt });
      return result.ok
        ? cmsDone(`Scheduled: the page appears on the site at ${formatDateTime(when.publishAt)}.`, { intent })
        : cmsFailure(result, { publishAt: value }, { intent });
    }
    case 'unpublish': {
      const result = await pages.unpublish(actor, id);
      return result.ok
        ? cmsDone('Taken off the site: the page is a draft again.', { intent })
        : cmsFailure(result, {}, { intent });
    }
    case 'restore': {
      const number = Number(form.get('number'));
      const result = await pages.restore(actor, id, Number.isSafeInteger(number) && number > 0 ? number : 0);
      return result.ok
        ? cmsDone(`Revision ${number} restored as revision ${result.page.revision}.`, { intent })
        : cmsFailure(result, {}, { intent });
    }
    default:
      return cmsDone('Nothing was changed.', { intent });
  }
}

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isPreview(formData) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Edit: ${args.loaderData.page.title}` : 'Edit page', noIndex: true });

const panelClass = 'rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';

export default function CmsPageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { page, revisions, previewLink, notice } = loaderData;
  const navigation = useNavigation();
  const answer = actionData as PageAnswer | undefined;
  const saveAnswer = answerTo(answer, 'save', 'preview');
  const kept = keptValues(saveAnswer);
  const stale = saveAnswer && !saveAnswer.ok && saveAnswer.message.startsWith('Someone else saved');
  const pending = navigation.state === 'submitting' && !isPreview(navigation.formData);
  const publication = answerTo(answer, 'publish', 'schedule', 'unpublish') as FormResult | undefined;
  const scheduleFailure = publication && !publication.ok ? publication : undefined;
  const restoreAnswer = answerTo(answer, 'restore') as FormResult | undefined;

  return (
    <>
      <p className="text-sm">
        <AppLink to="/cms/pages" className="underline underline-offset-2">
          Pages
        </AppLink>
      </p>
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">{page.title}</h1>
        <p className="text-sm">
          <span className="font-mono">/{page.slug}</span> ·{' '}
          <PageStatusText status={page.status} publishAt={page.publishAt} /> · revision {page.revision}
        </p>
      </div>
      {notice && !answer ? (
        <p
          role="status"
          className="mt-3 rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-slate-800 dark:text-brand-100"
        >
          {notice}
        </p>
      ) : null}

      <section aria-labelledby="publication-heading" className={`mt-4 ${panelClass}`}>
        <h2 id="publication-heading" className="text-lg font-semibold">
          Publication
        </h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {page.status === 'published' ? (
            <>
              On the site at{' '}
              <a
                href={page.path}
                className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
              >
                {page.path}
              </a>{' '}
              and /en{page.path}.
            </>
          ) : page.status === 'scheduled' ? (
            <>Appears on the site at {page.publishAt ? formatDateTime(page.publishAt) : 'its time'}, by itself.</>
          ) : (
            <>A draft: only staff can see it.</>
          )}
          {previewLink ? (
            <>
              {' '}
              <a
                href={previewLink}
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
              >
                Open the preview site<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          ) : null}
        </p>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          {page.status !== 'published' ? (
            <Form method="post">
              <input type="hidden" name="intent" value="publish" />
              <button type="submit" disabled={pending} className={primaryActionClass}>
                Publish now
              </button>
            </Form>
          ) : null}
          {page.status !== 'published' ? (
            <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
              <input type="hidden" name="intent" value="schedule" />
              <div>
                <label htmlFor="page-publish-at" className="text-sm font-medium">
                  Publish at (UTC)
                </label>
                <input
                  id="page-publish-at"
                  name="publishAt"
                  type="datetime-local"
                  defaultValue={scheduleFailure ? (scheduleFailure.values.publishAt ?? '') : ''}
                  aria-invalid={scheduleFailure?.fields.publishAt ? true : undefined}
                  aria-describedby={scheduleFailure?.fields.publishAt ? 'page-publish-at-error' : undefined}
                  className={`${inputClass} mt-0 py-1.5`}
                />
              </div>
              <button type="submit" disabled={pending} className={secondaryActionClass}>
                {page.status === 'scheduled' ? 'Change the time' : 'Schedule'}
              </button>
              {scheduleFailure?.fields.publishAt ? (
                <p id="page-publish-at-error" className="w-full text-sm text-red-700 dark:text-red-300">
                  {scheduleFailure.fields.publishAt}
                </p>
              ) : null}
            </Form>
          ) : null}
          {page.status !== 'draft' ? (
            <ConfirmAction
              label={page.status === 'published' ? 'Unpublish…' : 'Cancel the schedule…'}
              title={
                page.status === 'published'
                  ? `Take “${page.title}” off the site?`
                  : `Cancel the publication of “${page.title}”?`
              }
              description={
                page.status === 'published'
                  ? `${page.path} will answer “page not found” until the page is published again. Its text and history stay here.`
                  : 'The page stays a draft until someone publishes it.'
              }
              confirmLabel={page.status === 'published' ? 'Unpublish' : 'Cancel the schedule'}
              fields={{ intent: 'unpublish' }}
            />
          ) : null}
        </div>
        {publication && !scheduleFailure?.fields.publishAt ? (
          <div className="mt-3">
            <FormAlert id="publication-result" result={publication} />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="edit-heading" className="mt-6">
        <h2 id="edit-heading" className="text-lg font-semibold">
          Text
        </h2>
        <div className="mt-3">
          <PageEditor
            // A fresh editor for each saved revision, unless it must keep what was typed (a refusal, a preview).
            key={kept ? 'kept' : `revision-${page.revision}`}
            idPrefix="page"
            values={{
              slug: kept?.slug ?? page.slug,
              title: kept?.title ?? page.title,
              description: kept?.description ?? page.description,
              body: kept?.body ?? page.body,
              baseRevision: kept?.baseRevision ?? String(page.revision),
            }}
            answer={saveAnswer}
            previewHtml={page.html}
            actions={
              <>
                <button type="submit" name="intent" value="save" disabled={pending} className={primaryActionClass}>
                  Save
                </button>
                {stale ? (
                  <button
                    type="submit"
                    name="intent"
                    value="overwrite"
                    disabled={pending}
                    className={secondaryActionClass}
                  >
                    Save mine anyway (theirs stays in the history)
                  </button>
                ) : null}
              </>
            }
          />
        </div>
      </section>

      <section aria-labelledby="history-heading" className={`mt-6 ${panelClass}`}>
        <h2 id="history-heading" className="text-lg font-semibold">
          History
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Every save is kept. Restoring an older revision saves it again as the newest; the address and publication
          stay.
        </p>
        <FormAlert id="restore-result" result={restoreAnswer} />
        <ol className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {revisions.map((revision) => (
            <li
              key={revision.number}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="page-revision"
            >
              <span>
                <AppLink
                  to={`/cms/pages/${page.id}/revisions/${revision.number}`}
                  className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
                >
                  Revision {revision.number}
                </AppLink>
                {revision.number === page.revision ? ' (current)' : ''} · {revision.title} ·{' '}
                {revision.author
                  ? (revision.author.displayName ?? 'a former staff member')
                  : 'before the history began'}{' '}
                · <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
                {revision.restoredFrom !== null ? ` · restored from revision ${revision.restoredFrom}` : ''}
              </span>
              {revision.number !== page.revision ? (
                <ConfirmAction
                  label={`Restore revision ${revision.number}…`}
                  title={`Restore revision ${revision.number}?`}
                  description={`Its title, description and text replace the current ones, saved as revision ${page.revision + 1}. Nothing in the history is lost, and the page stays ${page.status === 'draft' ? 'a draft' : page.status}.`}
                  confirmLabel="Restore"
                  fields={{ intent: 'restore', number: revision.number }}
                />
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <p className="mt-6 text-sm">
        <AppLink to="/cms/pages" className={quietButtonClass}>
          Back to all pages
        </AppLink>
      </p>
    </>
  );
}
