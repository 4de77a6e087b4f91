// The Pages screen and /api/cms/pages (issue #20): what staff send and get back.
// The page records themselves are the site module's (pages.schemas.ts).
import { z } from 'zod';
import {
  PAGE_BODY_MAX_LENGTH,
  PAGE_DESCRIPTION_MAX_LENGTH,
  PAGE_TITLE_MAX_LENGTH,
  slugProblem,
  slugProblemMessage,
} from '../../../domain/page-contracts.ts';
import { isPlainLine, isPlainText } from '../../../domain/text.ts';
import {
  pageRevisionSchema,
  pageRevisionSummarySchema,
  pageSchema,
  pageStatusSchema,
  pageSummarySchema,
} from '../site/pages.schemas.ts';

/** 40000 → "40,000". */
function thousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export const pageSlugInputSchema = z
  .string({ error: 'Give the page an address' })
  .trim()
  .min(1, 'Give the page an address')
  .superRefine((slug, context) => {
    const problem = slugProblem(slug);
    if (problem) context.addIssue({ code: 'custom', message: slugProblemMessage(slug, problem) });
  });

const titleSchema = z
  .string({ error: 'Give the page a title' })
  .trim()
  .min(1, 'Give the page a title')
  .max(PAGE_TITLE_MAX_LENGTH, `Use at most ${PAGE_TITLE_MAX_LENGTH} characters`)
  .refine(isPlainLine, 'Use one line of plain text');

const descriptionSchema = z
  .string()
  .trim()
  .max(PAGE_DESCRIPTION_MAX_LENGTH, `Use at most ${PAGE_DESCRIPTION_MAX_LENGTH} characters`)
  .refine(isPlainLine, 'Use one line of plain text');

const bodySchema = z
  .string({ error: 'Write the text of the page' })
  .refine((body) => body.trim().length > 0, 'Write the text of the page')
  .refine((body) => body.length <= PAGE_BODY_MAX_LENGTH, `Use at most ${thousands(PAGE_BODY_MAX_LENGTH)} characters`)
  .refine(isPlainText, 'Remove the control characters from the text');

/** An instant with its offset (`2026-05-01T09:00:00+02:00`, or `Z`). */
const instantSchema = z.iso.datetime({
  offset: true,
  error: 'Give a date and time with its offset, like 2026-05-01T09:00:00Z',
});

export const createPageInputSchema = z.object({
  slug: pageSlugInputSchema,
  title: titleSchema,
  description: descriptionSchema.default(''),
  body: bodySchema,
  /** Public at once (or at `publishAt`); a draft by default. */
  published: z.boolean().default(false),
  /** With `published`, when the page becomes public; absent or null: at once. */
  publishAt: instantSchema.nullable().optional(),
});
export type CreatePageInput = z.input<typeof createPageInputSchema>;

export const updatePageInputSchema = z
  .object({
    slug: pageSlugInputSchema.optional(),
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    body: bodySchema.optional(),
    /** The revision the edit started from: if someone saved since, the edit is refused (409) rather than overwriting theirs. */
    baseRevision: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine(
    (input) => [input.slug, input.title, input.description, input.body].some((value) => value !== undefined),
    'Send at least one of slug, title, description and body',
  );
export type UpdatePageInput = z.input<typeof updatePageInputSchema>;

export const publishPageInputSchema = z.object({
  /** When the page becomes public: absent, null or past means now; later schedules it. */
  publishAt: instantSchema.nullable().optional(),
});

export const previewInputSchema = z.object({
  body: z.string().max(PAGE_BODY_MAX_LENGTH, `Use at most ${thousands(PAGE_BODY_MAX_LENGTH)} characters`),
});

export const pageListQuerySchema = z.object({ status: pageStatusSchema.optional() });

/** A page as the CMS shows it: its text rendered as visitors will see it, and where to preview it. */
export const cmsPageSchema = pageSchema.extend({
  /** The sanitized HTML of `body`. */
  html: z.string(),
  /** The public address, on this site. */
  path: z.string(),
  /** Where the preview link points: SITE_PREVIEW_URL's page when set, else `path` on this site. */
  previewUrl: z.string(),
});
export type CmsPage = z.infer<typeof cmsPageSchema>;

export const cmsPageListSchema = z.object({ pages: z.array(pageSummarySchema) });

const authorSchema = z.object({ id: z.number().int(), displayName: z.string().nullable() }).nullable();

export const cmsRevisionSummarySchema = pageRevisionSummarySchema.extend({ author: authorSchema });
export type CmsRevisionSummary = z.infer<typeof cmsRevisionSummarySchema>;
export const cmsRevisionListSchema = z.object({ revisions: z.array(cmsRevisionSummarySchema) });

export const cmsRevisionSchema = pageRevisionSchema.extend({ author: authorSchema, html: z.string() });
export type CmsRevision = z.infer<typeof cmsRevisionSchema>;
