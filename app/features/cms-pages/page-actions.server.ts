// The Pages screens' actions (issue #20): the form as the CMS pages service's
// input, the live preview, and the publication time an editor types.
import { data } from 'react-router';
import type { CmsPagesService } from '../../../server/modules/cms/cms-pages.service.ts';
import { readFields } from '../cms/cms-actions.server.ts';
import { PAGE_FIELDS, type PageAnswer, type PageFormValues } from './page-answers.ts';

export function readPageForm(form: FormData): PageFormValues {
  return readFields(form, PAGE_FIELDS) as PageFormValues;
}

/** The text fields as the service takes them: Markdown as typed, the one-line fields trimmed by its schema. */
export function pageText(values: PageFormValues) {
  return { slug: values.slug, title: values.title, description: values.description, body: values.body };
}

/**
 * The preview of the editor's Markdown, rendered and sanitized as the page will be. The live preview
 * sends the body alone; the form's own Preview button (without JavaScript) sends everything, which
 * comes back so nothing typed is lost.
 */
export function previewAnswer(pages: CmsPagesService, form: FormData) {
  const values = readPageForm(form);
  const result = pages.preview({ body: values.body });
  const html = result.ok ? result.html : '';
  const message = result.ok ? '' : 'The text is too long to preview.';
  const whole = form.has('title');
  return data<PageAnswer>({ ok: true, intent: 'preview', message, html, ...(whole ? { values } : {}) });
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/;

/**
 * The time typed in the schedule's date-and-time field, read as UTC (every time in the CMS is UTC,
 * app/features/cms/cms-format.ts), as the service's ISO instant; or the field's message.
 */
export function scheduledInstant(
  value: string,
  now: Date,
): { ok: true; publishAt: string } | { ok: false; message: string } {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return { ok: false, message: 'Give a date and a time, like 2026-12-01 09:00' };
  const instant = new Date(`${match[1]}T${match[2]}:00Z`);
  if (Number.isNaN(instant.getTime())) return { ok: false, message: 'Give a date and a time, like 2026-12-01 09:00' };
  if (instant.getTime() <= now.getTime()) return { ok: false, message: 'Choose a time still to come, or publish now' };
  return { ok: true, publishAt: instant.toISOString() };
}
