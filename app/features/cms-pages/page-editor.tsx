// The page editor (issue #20): address, title, description and the Markdown
// text, with a live preview beside it. The preview is rendered on the server by
// the same code as the public page (the text goes to the screen's action a
// moment after typing stops), so the browser gets no Markdown or sanitizing
// code and what the editor sees is what visitors will. Without JavaScript the
// Preview button sends the whole form and everything typed comes back.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, useFetcher } from 'react-router';
import { SanitizedProse } from '../../components/prose.tsx';
import { useHydrated } from '../../lib/loading/deferred.tsx';
import {
  PAGE_BODY_MAX_LENGTH,
  PAGE_DESCRIPTION_MAX_LENGTH,
  PAGE_TITLE_MAX_LENGTH,
} from '../../../domain/page-contracts.ts';
import { Field, FormAlert, inputClass, type FormResult } from '../auth-forms/form-parts.tsx';
import type { PageAnswer } from './page-answers.ts';

/** How long typing has to pause before the preview is asked for. */
const PREVIEW_DELAY_MS = 350;

function thousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface PageEditorValues {
  slug: string;
  title: string;
  description: string;
  body: string;
  /** The revision the edit starts from (empty for a new page). */
  baseRevision: string;
}

export function PageEditor(props: {
  idPrefix: string;
  values: PageEditorValues;
  /** The answer to the last submit of this form, shown above it. */
  answer: PageAnswer | undefined;
  /** The server's rendering of `values.body`. */
  previewHtml: string;
  /** The submit buttons (each with its intent). */
  actions: ReactNode;
}) {
  const { idPrefix, values, answer, actions } = props;
  const hydrated = useHydrated();
  const [body, setBody] = useState(values.body);
  const preview = useFetcher<PageAnswer>({ key: `${idPrefix}-preview` });
  const { submit } = preview;
  // The body the shown preview was asked for: the server rendered the first one with the page.
  const previewed = useRef(values.body);

  useEffect(() => {
    if (body === previewed.current) return;
    const timer = setTimeout(() => {
      previewed.current = body;
      void submit({ intent: 'preview', body }, { method: 'post', encType: 'multipart/form-data' });
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [body, submit]);

  const fetched = preview.data && 'html' in preview.data ? preview.data.html : undefined;
  const posted = answer && 'html' in answer ? answer.html : undefined;
  const html = fetched ?? posted ?? props.previewHtml;
  const failure = answer && !answer.ok ? { ...answer, ok: false as const } : undefined;
  const shown: FormResult | undefined = answer && answer.intent !== 'preview' ? answer : undefined;
  const alertId = `${idPrefix}-alert`;
  const bodyId = `${idPrefix}-body`;
  const bodyError = failure?.fields.body;
  const bodyDescribedBy = [`${bodyId}-hint`, `${bodyId}-count`, bodyError ? `${bodyId}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="space-y-4"
        aria-describedby={shown ? alertId : undefined}
      >
        <FormAlert id={alertId} result={shown} />
        <input type="hidden" name="baseRevision" value={values.baseRevision} />
        <Field
          idPrefix={idPrefix}
          name="slug"
          label="Address"
          hint="Where the page is served: /club-rules. Lower-case letters, digits and hyphens."
          autoComplete="off"
          required
          failure={failure}
          defaultValue={values.slug}
        />
        <Field
          idPrefix={idPrefix}
          name="title"
          label="Title"
          hint={`At most ${PAGE_TITLE_MAX_LENGTH} characters.`}
          autoComplete="off"
          required
          failure={failure}
          defaultValue={values.title}
        />
        <Field
          idPrefix={idPrefix}
          name="description"
          label="Description (optional)"
          hint={`For search engines and shared links; at most ${PAGE_DESCRIPTION_MAX_LENGTH} characters.`}
          autoComplete="off"
          failure={failure}
          defaultValue={values.description}
        />
        <div>
          <label htmlFor={bodyId} className="font-medium">
            Text
          </label>
          <p id={`${bodyId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            Markdown: **bold**, _italic_, ## Heading, [link](https://…), - list item. Scripts and other HTML are
            removed.
          </p>
          <textarea
            id={bodyId}
            name="body"
            required
            rows={18}
            maxLength={PAGE_BODY_MAX_LENGTH}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={bodyDescribedBy}
            className={`${inputClass} font-mono text-sm`}
          />
          <p id={`${bodyId}-count`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {thousands(body.length)} of {thousands(PAGE_BODY_MAX_LENGTH)} characters
          </p>
          {bodyError ? (
            <p id={`${bodyId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
              {bodyError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {actions}
          {hydrated ? null : (
            <button
              type="submit"
              name="intent"
              value="preview"
              className="rounded-md border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-200 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              Preview
            </button>
          )}
        </div>
      </Form>

      <section
        id={`${idPrefix}-preview`}
        aria-labelledby={`${idPrefix}-preview-heading`}
        aria-busy={preview.state !== 'idle'}
        className="min-w-0 self-start rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2
          id={`${idPrefix}-preview-heading`}
          className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
        >
          Preview{preview.state !== 'idle' ? ' (updating…)' : ''}
        </h2>
        <div className="mt-3" data-testid="page-preview">
          {html ? (
            <SanitizedProse html={html} />
          ) : (
            <p className="text-slate-600 dark:text-slate-400">Nothing to show yet.</p>
          )}
        </div>
      </section>
    </div>
  );
}

export const primaryActionClass =
  'rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryActionClass =
  'rounded-md border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-200 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800';
