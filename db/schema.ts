// Kysely table types. Timestamps are stored as ISO-8601 UTC strings on SQLite
// and timestamptz on PostgreSQL; the query layer normalises both to strings
// (see `toIsoString` in db/client.ts).
import type { Generated } from 'kysely';

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  topic: string;
  message: string;
  created_at: string | Date;
}

/** Static pages managed by staff in the CMS, served at /{slug}. */
export interface PageTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string;
  body: string;
  published: number;
  updated_at: string | Date;
}

export interface Database {
  contact_message: ContactMessageTable;
  page: PageTable;
}
