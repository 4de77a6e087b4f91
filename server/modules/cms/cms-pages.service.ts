// The Pages screen of the CMS (issue #20): create, edit with a live preview,
// publish now or at a time, unpublish, and a revision history with restore.
// The pages belong to the site module: this service checks the input, calls
// the site's pages service in a transaction and writes the audit entry in it.
//
// The audit entry names the fields that changed. A page's text can be long,
// and every save keeps it as a revision already, so the entry records the
// revision numbers rather than the text twice.
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { StaffAccountService } from '../auth/auth.staff.ts';
import type { PageWrite, PagesService } from '../site/pages.service.ts';
import type { Page, PageStatus, PageSummary } from '../site/pages.schemas.ts';
import type { AuditLog } from './cms-audit.service.ts';
import { invalidInput, type CmsFailure, type CmsResult } from './cms-results.ts';
import {
  createPageInputSchema,
  previewInputSchema,
  publishPageInputSchema,
  updatePageInputSchema,
  type CmsPage,
  type CmsRevision,
  type CmsRevisionSummary,
} from './cms-pages.schemas.ts';
import type { CmsActor } from './cms.schemas.ts';

type Db = Kysely<Database>;

export const SLUG_TAKEN_MESSAGE = 'Another page already has this address';
export const STALE_MESSAGE =
  'Someone else saved this page after you opened it. Your text is still here: copy what you need, reload the page to see theirs, and save again.';
export const PUBLIC_ALREADY_MESSAGE =
  'This page is public already. Unpublish it first if it should only appear at a later time.';

export interface CmsPagesService {
  list(status?: PageStatus): Promise<{ pages: PageSummary[] }>;
  get(id: number): Promise<CmsResult<{ page: CmsPage }>>;
  create(actor: CmsActor, input: unknown): Promise<CmsResult<{ page: CmsPage }>>;
  update(actor: CmsActor, id: number, input: unknown): Promise<CmsResult<{ page: CmsPage }>>;
  /** Public now (`publishAt` absent or past) or from `publishAt`. */
  publish(actor: CmsActor, id: number, input: unknown): Promise<CmsResult<{ page: CmsPage }>>;
  unpublish(actor: CmsActor, id: number): Promise<CmsResult<{ page: CmsPage }>>;
  revisions(id: number): Promise<CmsResult<{ revisions: CmsRevisionSummary[] }>>;
  revision(id: number, number: number): Promise<CmsResult<{ revision: CmsRevision }>>;
  restore(actor: CmsActor, id: number, number: number): Promise<CmsResult<{ page: CmsPage }>>;
  /** The sanitized HTML of Markdown, as the page would show it. */
  preview(input: unknown): CmsResult<{ html: string }>;
  /** Where the preview link of a page with this slug points (SITE_PREVIEW_URL when set). */
  previewUrl(slug: string): string;
}

const NOT_FOUND: CmsFailure = { ok: false, code: 'not_found', message: 'There is no page with this id' };

function fieldFailure(field: string, message: string): CmsFailure {
  return {
    ok: false,
    code: 'invalid_input',
    message: 'Please correct the fields marked below',
    fields: { [field]: message },
  };
}

function writeFailure(reason: Exclude<PageWrite, { ok: true }>['reason'] | 'no_revision'): CmsFailure {
  switch (reason) {
    case 'not_found':
      return NOT_FOUND;
    case 'no_revision':
      return { ok: false, code: 'not_found', message: 'This page has no revision with this number' };
    case 'slug_taken':
      return {
        ok: false,
        code: 'invalid_input',
        message: 'Please correct the fields marked below',
        fields: { slug: SLUG_TAKEN_MESSAGE },
      };
    case 'stale':
      return { ok: false, code: 'conflict', message: STALE_MESSAGE };
  }
}

function publication(page: Page) {
  return { status: page.status, publishAt: page.publishAt };
}

export function createCmsPagesService(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'SITE_PREVIEW_URL'>;
  pages: PagesService;
  staffAccounts: Pick<StaffAccountService, 'listStaff'>;
  audit: AuditLog;
}): CmsPagesService {
  const { db, clock, config, pages, audit } = deps;

  function previewUrl(slug: string): string {
    const base = config.SITE_PREVIEW_URL;
    if (!base) return `/${slug}`;
    return new URL(encodeURIComponent(slug), base.endsWith('/') ? base : `${base}/`).href;
  }

  function present(page: Page): CmsPage {
    return { ...page, html: pages.renderMarkdown(page.body), path: `/${page.slug}`, previewUrl: previewUrl(page.slug) };
  }

  /** Runs a write; the loser of a race for one slug gets the slug's field error, not a 500. */
  async function write(
    work: (trx: Db) => Promise<PageWrite | { ok: false; reason: 'no_revision' }>,
  ): Promise<CmsResult<{ page: CmsPage }>> {
    let result: PageWrite | { ok: false; reason: 'no_revision' };
    try {
      result = await inTransaction(db, work);
    } catch (error) {
      if (isUniqueViolation(error)) return writeFailure('slug_taken');
      throw error;
    }
    return result.ok ? { ok: true, page: present(result.page) } : writeFailure(result.reason);
  }

  async function authorsById(): Promise<Map<number, string>> {
    const staff = await deps.staffAccounts.listStaff();
    return new Map(staff.map((member) => [member.id, member.displayName]));
  }

  return {
    async list(status) {
      return { pages: await pages.listPages(status) };
    },

    async get(id) {
      const page = await pages.getPage(id);
      return page ? { ok: true, page: present(page) } : NOT_FOUND;
    },

    async create(actor, input) {
      const parsed = createPageInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const { publishAt, ...values } = parsed.data;
      if (publishAt && !values.published) return fieldFailure('publishAt', 'A publication time needs published: true');
      const at = publishAt ? new Date(publishAt) : null;
      return write(async (trx) => {
        const result = await pages.createPage(
          trx,
          { ...values, publishAt: values.published ? (at ?? clock.now()) : null },
          actor.id,
        );
        if (result.ok) {
          const { page } = result;
          await audit.record(trx, actor, {
            action: 'page.create',
            target: { kind: 'page', id: page.id },
            after: { slug: page.slug, title: page.title, revision: page.revision, ...publication(page) },
          });
        }
        return result;
      });
    },

    async update(actor, id, input) {
      const parsed = updatePageInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const { baseRevision, ...changes } = parsed.data;
      return write(async (trx) => {
        const result = await pages.updatePage(trx, id, changes, {
          by: actor.id,
          ...(baseRevision === undefined ? {} : { baseRevision }),
        });
        if (result.ok && result.before && result.before.revision !== result.page.revision) {
          const text = (page: Page) => ({
            slug: page.slug,
            title: page.title,
            description: page.description,
            revision: page.revision,
          });
          await audit.record(trx, actor, {
            action: 'page.update',
            target: { kind: 'page', id },
            before: text(result.before),
            after: text(result.page),
          });
        }
        return result;
      });
    },

    async publish(actor, id, input) {
      const parsed = publishPageInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const now = clock.now();
      const requested = parsed.data.publishAt ? new Date(parsed.data.publishAt) : null;
      const later = requested !== null && requested.getTime() > now.getTime() ? requested : null;
      const current = await pages.getPage(id);
      if (!current) return NOT_FOUND;
      if (current.status === 'published') {
        if (later) return { ok: false, code: 'conflict', message: PUBLIC_ALREADY_MESSAGE };
        return { ok: true, page: present(current) };
      }
      return write(async (trx) => {
        const result = await pages.setPublication(trx, id, { published: true, publishAt: later ?? now });
        if (result.ok && result.before) {
          await audit.record(trx, actor, {
            action: 'page.publish',
            target: { kind: 'page', id },
            before: publication(result.before),
            after: publication(result.page),
          });
        }
        return result;
      });
    },

    async unpublish(actor, id) {
      const current = await pages.getPage(id);
      if (!current) return NOT_FOUND;
      if (current.status === 'draft') return { ok: true, page: present(current) };
      return write(async (trx) => {
        const result = await pages.setPublication(trx, id, { published: false, publishAt: null });
        if (result.ok && result.before) {
          await audit.record(trx, actor, {
            action: 'page.unpublish',
            target: { kind: 'page', id },
            before: publication(result.before),
            after: publication(result.page),
          });
        }
        return result;
      });
    },

    async revisions(id) {
      const page = await pages.getPage(id);
      if (!page) return NOT_FOUND;
      const [revisions, names] = await Promise.all([pages.listRevisions(id), authorsById()]);
      return {
        ok: true,
        revisions: revisions.map((revision) => ({
          ...revision,
          author:
            revision.createdBy === null
              ? null
              : { id: revision.createdBy, displayName: names.get(revision.createdBy) ?? null },
        })),
      };
    },

    async revision(id, number) {
      const revision = await pages.getRevision(id, number);
      if (!revision) return (await pages.getPage(id)) ? writeFailure('no_revision') : NOT_FOUND;
      const names = await authorsById();
      return {
        ok: true,
        revision: {
          ...revision,
          html: pages.renderMarkdown(revision.body),
          author:
            revision.createdBy === null
              ? null
              : { id: revision.createdBy, displayName: names.get(revision.createdBy) ?? null },
        },
      };
    },

    async restore(actor, id, number) {
      return write(async (trx) => {
        const result = await pages.restoreRevision(trx, id, number, actor.id);
        if (result.ok && result.before) {
          await audit.record(trx, actor, {
            action: 'page.restore',
            target: { kind: 'page', id },
            before: { title: result.before.title, revision: result.before.revision },
            after: { title: result.page.title, revision: result.page.revision, restoredFrom: number },
          });
        }
        return result;
      });
    },

    preview(input) {
      const parsed = previewInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      return { ok: true, html: pages.renderMarkdown(parsed.data.body) };
    },

    previewUrl,
  };
}
