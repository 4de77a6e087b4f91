// Pages staff write (issue #20), served at /{name}. The site module owns them:
// the public read and its Markdown rendering, and the writes the CMS makes — the
// CMS calls these in a transaction it opened, with its audit entry beside them.
// Input is checked by the caller (the CMS's schemas); this module keeps the
// rules of the table: a slug is unique, every save of the text is a revision,
// a restore is a new revision, and a page is public once its time has come.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { PAGE_SLUG_MAX_LENGTH, PAGE_SLUG_PATTERN } from '../../../domain/page-contracts.ts';
import type { Clock } from '../../platform/clock.ts';
import { renderPageMarkdown } from './page-markdown.ts';
import * as q from './pages.queries.ts';
import type { Page, PageRevision, PageRevisionSummary, PageStatus, PageSummary, PublishedPage } from './pages.schemas.ts';

type Db = Kysely<Database>;

export interface PageText {
  title: string;
  description: string;
  /** Markdown. */
  body: string;
}

/** What a write answers: the page as it now is, or why nothing was written. */
export type PageWrite =
  | { ok: true; before: Page | null; page: Page }
  | { ok: false; reason: 'not_found' | 'slug_taken' | 'stale' };

export interface PagesService {
  /** A staff-written page for /{name}, its text rendered and sanitized; undefined for unknown, unpublished or not-yet-public slugs. */
  getPublishedPage(slug: string): Promise<PublishedPage | undefined>;
  /** Sanitized HTML of a page's Markdown: what the public page shows (the CMS's preview uses it). */
  renderMarkdown(markdown: string): string;

  listPages(status?: PageStatus): Promise<PageSummary[]>;
  getPage(id: number): Promise<Page | undefined>;
  listRevisions(pageId: number): Promise<PageRevisionSummary[]>;
  getRevision(pageId: number, number: number): Promise<PageRevision | undefined>;

  /** Creates a page and its first revision, in `trx`. */
  createPage(
    trx: Db,
    values: PageText & { slug: string; published: boolean; publishAt: Date | null },
    by: number,
  ): Promise<PageWrite>;
  /**
   * Saves changed text (and address) as the next revision, in `trx`. With `baseRevision`, refuses
   * ('stale') when someone saved since that revision. Saving what is already there writes nothing.
   */
  updatePage(
    trx: Db,
    id: number,
    changes: Partial<PageText> & { slug?: string },
    options: { by: number; baseRevision?: number },
  ): Promise<PageWrite>;
  /** Public now, public from `publishAt`, or not public (a draft). */
  setPublication(trx: Db, id: number, publication: { published: boolean; publishAt: Date | null }): Promise<PageWrite>;
  /** Copies revision `number` into a new latest revision (the address and publication stay). */
  restoreRevision(trx: Db, id: number, number: number, by: number): Promise<PageWrite | { ok: false; reason: 'no_revision' }>;
}

/** Public pages whose HTML is kept: a long page takes ~10 ms to render, and a site has few pages that are read a lot. */
const RENDERED_PAGES_KEPT = 32;

export function createPagesService(deps: { db: Db; clock: Clock }): PagesService {
  const { db, clock } = deps;
  // Keyed by the Markdown itself, so an edit can never be served stale; oldest out first.
  const rendered = new Map<string, string>();

  function renderPublic(body: string): string {
    let html = rendered.get(body);
    if (html === undefined) {
      html = renderPageMarkdown(body);
      if (rendered.size >= RENDERED_PAGES_KEPT) rendered.delete(rendered.keys().next().value ?? '');
      rendered.set(body, html);
    }
    return html;
  }

  async function slugTakenByAnother(trx: Db, slug: string, id?: number): Promise<boolean> {
    const owner = await q.findPageIdBySlug(trx, slug);
    return owner !== undefined && owner !== id;
  }

  async function saveText(
    trx: Db,
    before: Page,
    next: PageText & { slug: string },
    options: { by: number; baseRevision?: number; restoredFrom?: number },
  ): Promise<PageWrite> {
    const at = clock.now();
    if (next.slug !== before.slug && (await slugTakenByAnother(trx, next.slug, before.id))) return { ok: false, reason: 'slug_taken' };
    const number = await q.updatePageText(trx, before.id, { ...next, at }, options.baseRevision);
    if (number === undefined) return { ok: false, reason: options.baseRevision === undefined ? 'not_found' : 'stale' };
    await q.insertRevision(trx, { pageId: before.id, number, ...next, restoredFrom: options.restoredFrom ?? null, by: options.by, at });
    const page = await q.findPage(trx, before.id, at);
    return page ? { ok: true, before, page } : { ok: false, reason: 'not_found' };
  }

  return {
    async getPublishedPage(slug) {
      if (!PAGE_SLUG_PATTERN.test(slug) || slug.length > PAGE_SLUG_MAX_LENGTH) return undefined;
      const row = await q.findPublicPage(db, slug, clock.now());
      if (!row) return undefined;
      return { slug: row.slug, title: row.title, description: row.description, html: renderPublic(row.body), updatedAt: row.updated_at };
    },

    renderMarkdown: renderPageMarkdown,

    listPages(status) {
      return q.listPages(db, clock.now(), status);
    },

    getPage(id) {
      return q.findPage(db, id, clock.now());
    },

    listRevisions(pageId) {
      return q.listRevisions(db, pageId);
    },

    getRevision(pageId, number) {
      return q.findRevision(db, pageId, number);
    },

    async createPage(trx, values, by) {
      if (await slugTakenByAnother(trx, values.slug)) return { ok: false, reason: 'slug_taken' };
      const at = clock.now();
      const id = await q.insertPage(trx, { ...values, at });
      await q.insertRevision(trx, { pageId: id, number: 1, ...values, restoredFrom: null, by, at });
      const page = await q.findPage(trx, id, at);
      if (!page) throw new Error(`page ${id} vanished inside its own transaction`);
      return { ok: true, before: null, page };
    },

    async updatePage(trx, id, changes, options) {
      const before = await q.findPage(trx, id, clock.now());
      if (!before) return { ok: false, reason: 'not_found' };
      if (options.baseRevision !== undefined && options.baseRevision !== before.revision) return { ok: false, reason: 'stale' };
      const next = {
        slug: changes.slug ?? before.slug,
        title: changes.title ?? before.title,
        description: changes.description ?? before.description,
        body: changes.body ?? before.body,
      };
      const unchanged = (Object.keys(next) as Array<keyof typeof next>).every((key) => next[key] === before[key]);
      if (unchanged) return { ok: true, before, page: before };
      return saveText(trx, before, next, options);
    },

    async setPublication(trx, id, publication) {
      const before = await q.findPage(trx, id, clock.now());
      if (!before) return { ok: false, reason: 'not_found' };
      const at = clock.now();
      await q.setPagePublication(trx, id, { ...publication, at });
      const page = await q.findPage(trx, id, at);
      return page ? { ok: true, before, page } : { ok: false, reason: 'not_found' };
    },

    async restoreRevision(trx, id, number, by) {
      const before = await q.findPage(trx, id, clock.now());
      if (!before) return { ok: false, reason: 'not_found' };
      const revision = await q.findRevision(trx, id, number);
      if (!revision) return { ok: false, reason: 'no_revision' };
      const { title, description, body } = revision;
      return saveText(trx, before, { slug: before.slug, title, description, body }, { by, restoredFrom: number });
    },
  };
}
