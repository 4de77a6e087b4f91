import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { findPublishedPage, type PublishedPage } from './pages.queries.ts';

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface PagesService {
  /** A staff-written page for /{name}; undefined for unknown or malformed slugs. */
  getPublishedPage(slug: string): Promise<PublishedPage | undefined>;
}

export function createPagesService(db: Kysely<Database>): PagesService {
  return {
    async getPublishedPage(slug) {
      if (!SLUG_PATTERN.test(slug) || slug.length > 100) return undefined;
      return findPublishedPage(db, slug);
    },
  };
}
