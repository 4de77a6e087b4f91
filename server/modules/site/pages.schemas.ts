// Pages staff write in the CMS (issue #20), as the site module hands them out:
// the CMS's JSON API answers with these schemas and its screens read the types.
import { z } from 'zod';

/**
 * draft: not public; scheduled: published with a `publishAt` still to come;
 * published: public now. Derived when read, so a scheduled page turns public on
 * time without any job running.
 */
export const PAGE_STATUSES = ['draft', 'scheduled', 'published'] as const;
export const pageStatusSchema = z.enum(PAGE_STATUSES);
export type PageStatus = z.infer<typeof pageStatusSchema>;

export const pageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Markdown, as the editor wrote it. */
  body: z.string(),
  status: pageStatusSchema,
  /** When it becomes (or became) public; null for a draft, or a page published before scheduling existed. */
  publishAt: z.string().nullable(),
  /** The number of its latest revision. */
  revision: z.number().int(),
  createdAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

export const pageSummarySchema = pageSchema.omit({ body: true });
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const pageRevisionSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  /** The revision this one restored. */
  restoredFrom: z.number().int().nullable(),
  /** Who saved it (a staff member's id); null for the history migration 0007 started. */
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PageRevision = z.infer<typeof pageRevisionSchema>;

export const pageRevisionSummarySchema = pageRevisionSchema.omit({ body: true, description: true }).extend({
  /** The length of its Markdown, in characters. */
  length: z.number().int(),
});
export type PageRevisionSummary = z.infer<typeof pageRevisionSummarySchema>;

/** What /{name} shows: the text already rendered to sanitized HTML. */
export interface PublishedPage {
  slug: string;
  title: string;
  description: string;
  html: string;
  updatedAt: string;
}
