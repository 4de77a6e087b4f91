// source_ref rows of one source held in memory for the length of an import:
// one SELECT up front instead of one per match, team and player, and new
// references written in batches. (seed-kit's findRef/saveRef do the same one
// row at a time; at ~25,000 matches that is the difference between a second
// and a minute on PostgreSQL.)
import type { SeedDb } from '../seed-kit.ts';

const BATCH = 500;

export class RefStore {
  private readonly known = new Map<string, number>();
  /** Keyed like `known`, so a reference set twice is written once (PostgreSQL refuses one upsert touching a row twice). */
  private pending = new Map<string, { kind: string; external_id: string; local_id: number }>();

  private constructor(
    private readonly db: SeedDb,
    readonly source: string,
  ) {}

  static async load(db: SeedDb, source: string): Promise<RefStore> {
    const store = new RefStore(db, source);
    const rows = await db
      .selectFrom('source_ref')
      .select(['kind', 'external_id', 'local_id'])
      .where('source', '=', source)
      .execute();
    for (const row of rows) store.known.set(`${row.kind}|${row.external_id}`, Number(row.local_id));
    return store;
  }

  get(kind: string, externalId: string): number | undefined {
    return this.known.get(`${kind}|${externalId}`);
  }

  /** Records a reference; written by flush(). Setting the same value again writes nothing. */
  set(kind: string, externalId: string, localId: number): void {
    const key = `${kind}|${externalId}`;
    if (this.known.get(key) === localId) return;
    this.known.set(key, localId);
    this.pending.set(key, { kind, external_id: externalId, local_id: localId });
  }

  /** External ids of one kind starting with `prefix` (e.g. every match of a season). */
  externalIds(kind: string, prefix: string): string[] {
    const start = `${kind}|${prefix}`;
    const ids: string[] = [];
    for (const key of this.known.keys()) if (key.startsWith(start)) ids.push(key.slice(kind.length + 1));
    return ids;
  }

  async delete(kind: string, externalIds: readonly string[]): Promise<void> {
    if (externalIds.length === 0) return;
    await this.flush();
    for (let index = 0; index < externalIds.length; index += BATCH) {
      const chunk = externalIds.slice(index, index + BATCH);
      await this.db
        .deleteFrom('source_ref')
        .where('source', '=', this.source)
        .where('kind', '=', kind)
        .where('external_id', 'in', chunk)
        .execute();
    }
    for (const externalId of externalIds) {
      this.known.delete(`${kind}|${externalId}`);
      this.pending.delete(`${kind}|${externalId}`);
    }
  }

  async flush(): Promise<void> {
    const rows = [...this.pending.values()].map((row) => ({ source: this.source, ...row }));
    this.pending = new Map();
    for (let index = 0; index < rows.length; index += BATCH) {
      await this.db
        .insertInto('source_ref')
        .values(rows.slice(index, index + BATCH))
        .onConflict((oc) =>
          oc
            .columns(['source', 'kind', 'external_id'])
            .doUpdateSet((eb) => ({ local_id: eb.ref('excluded.local_id') })),
        )
        .execute();
    }
  }
}
