// External ids → local ids (`source_ref`): what makes a re-run of an importer,
// or the same provider snapshot twice, change nothing. Used by the importers
// (db/seed) and by live ingest (server/ingest/pipeline.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function findRef(db: Db, source: string, kind: string, externalId: string | number): Promise<number | undefined> {
  const row = await db
    .selectFrom('source_ref')
    .select('local_id')
    .where('source', '=', source)
    .where('kind', '=', kind)
    .where('external_id', '=', String(externalId))
    .executeTakeFirst();
  return row ? Number(row.local_id) : undefined;
}

export async function saveRef(db: Db, source: string, kind: string, externalId: string | number, localId: number): Promise<void> {
  await db
    .insertInto('source_ref')
    .values({ source, kind, external_id: String(externalId), local_id: localId })
    .onConflict((oc) => oc.columns(['source', 'kind', 'external_id']).doUpdateSet({ local_id: localId }))
    .execute();
}
