import type { Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

export interface PublishedPage {
  slug: string;
  title: string;
  description: string;
  body: string;
  updatedAt: string;
}

/** The published staff page with this slug, if any. */
export async function findPublishedPage(db: Kysely<Database>, slug: string): Promise<PublishedPage | undefined> {
  const row = await db
    .selectFrom('page')
    .select(['slug', 'title', 'description', 'body', 'updated_at'])
    .where('slug', '=', slug)
    .where('published', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  return { slug: row.slug, title: row.title, description: row.description, body: row.body, updatedAt: toIsoString(row.updated_at) };
}
