// The pages staff write (migrations 0001 and 0007): the public read honours
// scheduling; the CMS's writes go through pages.service.ts, in the transaction
// its caller opened (the audit entry is written in the same one).
import type { Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { Page, PageRevision, PageRevisionSummary, PageStatus, PageSummary } from './pages.schemas.ts';

type Db = Kysely<Database>;

const PAGE_COLUMNS = ['id', 'slug', 'title', 'description', 'published', 'publish_at', 'revision', 'created_at', 'updated_at'] as const;

interface PageRow {
  id: number | string;
  slug: string;
  title: string;
  description: string;
  published: number;
  publish_at: string | Date | null;
  revision: number;
  created_at: string | Date | null;
  updated_at: string | Date;
}

export function statusOf(published: number, publishAt: string | null, now: Date): PageStatus {
  if (published !== 1) return 'draft';
  return publishAt !== null && Date.parse(publishAt) > now.getTime() ? 'scheduled' : 'published';
}

function toSummary(row: PageRow, now: Date): PageSummary {
  const publishAt = row.publish_at === null ? null : toIsoString(row.publish_at);
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    description: row.description,
    status: statusOf(Number(row.published), publishAt, now),
    publishAt,
    revision: Number(row.revision),
    createdAt: row.created_at === null ? null : toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
  };
}

/** The public page with this slug: published, and its publication time (if any) has come. */
export async function findPublicPage(db: Db, slug: string, now: Date) {
  const row = await db
    .selectFrom('page')
    .select(['slug', 'title', 'description', 'body', 'updated_at'])
    .where('slug', '=', slug)
    .where('published', '=', 1)
    .where((eb) => eb.or([eb('publish_at', 'is', null), eb('publish_at', '<=', now.toISOString())]))
    .executeTakeFirst();
  return row ? { ...row, updated_at: toIsoString(row.updated_at) } : undefined;
}

/** Slugs and last changes of every public page, by slug (the sitemap). */
export async function listPublicPages(db: Db, now: Date): Promise<Array<{ slug: string; updatedAt: string }>> {
  const rows = await db
    .selectFrom('page')
    .select(['slug', 'updated_at'])
    .where('published', '=', 1)
    .where((eb) => eb.or([eb('publish_at', 'is', null), eb('publish_at', '<=', now.toISOString())]))
    .orderBy('slug')
    .execute();
  return rows.map((row) => ({ slug: row.slug, updatedAt: toIsoString(row.updated_at) }));
}

/** Every page, most recently changed first, optionally of one status. A site has tens of pages, not thousands. */
export async function listPages(db: Db, now: Date, status?: PageStatus): Promise<PageSummary[]> {
  let select = db.selectFrom('page').select(PAGE_COLUMNS).orderBy('updated_at', 'desc').orderBy('id', 'desc');
  const at = now.toISOString();
  if (status === 'draft') select = select.where('published', '<>', 1);
  if (status === 'scheduled') select = select.where('published', '=', 1).where('publish_at', '>', at);
  if (status === 'published')
    select = select.where('published', '=', 1).where((eb) => eb.or([eb('publish_at', 'is', null), eb('publish_at', '<=', at)]));
  const rows = await select.execute();
  return rows.map((row) => toSummary(row, now));
}

export async function findPage(db: Db, id: number, now: Date): Promise<Page | undefined> {
  const row = await db
    .selectFrom('page')
    .select([...PAGE_COLUMNS, 'body'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...toSummary(row, now), body: row.body } : undefined;
}

export async function findPageIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom('page').select('id').where('slug', '=', slug).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function insertPage(
  db: Db,
  values: { slug: string; title: string; description: string; body: string; published: boolean; publishAt: Date | null; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('page')
    .values({
      slug: values.slug,
      title: values.title,
      description: values.description,
      body: values.body,
      published: values.published ? 1 : 0,
      publish_at: values.publishAt?.toISOString() ?? null,
      revision: 1,
      created_at: values.at.toISOString(),
      updated_at: values.at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Saves new text as the next revision — only if the page is still at `baseRevision`, when given:
 * of two editors saving over the same revision, the second learns it instead of overwriting.
 * Returns the new revision's number, or undefined when the page is gone or moved on.
 */
export async function updatePageText(
  db: Db,
  id: number,
  values: { slug: string; title: string; description: string; body: string; at: Date },
  baseRevision?: number,
): Promise<number | undefined> {
  let update = db
    .updateTable('page')
    .set((eb) => ({
      slug: values.slug,
      title: values.title,
      description: values.description,
      body: values.body,
      revision: eb('revision', '+', 1),
      updated_at: values.at.toISOString(),
    }))
    .where('id', '=', id);
  if (baseRevision !== undefined) update = update.where('revision', '=', baseRevision);
  const row = await update.returning('revision').executeTakeFirst();
  return row ? Number(row.revision) : undefined;
}

export async function setPagePublication(
  db: Db,
  id: number,
  values: { published: boolean; publishAt: Date | null; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('page')
    .set({ published: values.published ? 1 : 0, publish_at: values.publishAt?.toISOString() ?? null, updated_at: values.at.toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertRevision(
  db: Db,
  values: {
    pageId: number;
    number: number;
    title: string;
    description: string;
    body: string;
    restoredFrom: number | null;
    by: number;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('page_revision')
    .values({
      page_id: values.pageId,
      number: values.number,
      title: values.title,
      description: values.description,
      body: values.body,
      restored_from: values.restoredFrom,
      created_by: values.by,
      created_at: values.at.toISOString(),
    })
    .execute();
}

/** A page's revisions, newest first, without their text (the history list). */
export async function listRevisions(db: Db, pageId: number): Promise<PageRevisionSummary[]> {
  const rows = await db
    .selectFrom('page_revision')
    .select(['number', 'title', 'restored_from', 'created_by', 'created_at'])
    .select((eb) => eb.fn<number>('length', ['body']).as('length'))
    .where('page_id', '=', pageId)
    .orderBy('number', 'desc')
    .execute();
  return rows.map((row) => ({
    number: Number(row.number),
    title: row.title,
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
    createdBy: row.created_by === null ? null : Number(row.created_by),
    createdAt: toIsoString(row.created_at),
    length: Number(row.length),
  }));
}

export async function findRevision(db: Db, pageId: number, number: number): Promise<PageRevision | undefined> {
  const row = await db
    .selectFrom('page_revision')
    .select(['number', 'title', 'description', 'body', 'restored_from', 'created_by', 'created_at'])
    .where('page_id', '=', pageId)
    .where('number', '=', number)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    number: Number(row.number),
    title: row.title,
    description: row.description,
    body: row.body,
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
    createdBy: row.created_by === null ? null : Number(row.created_by),
    createdAt: toIsoString(row.created_at),
  };
}
