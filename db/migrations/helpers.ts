import type { ColumnDataType, ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DatabaseEngine } from '../client.ts';

/** A migration written once for both engines (STYLE.md §6): forward-only. */
export interface ScorelineMigration {
  name: string;
  // Migrations see an untyped database: they describe the schema the types describe.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  up(db: Kysely<any>, engine: DatabaseEngine): Promise<void>;
}

/** timestamptz on PostgreSQL, ISO-8601 text on SQLite. */
export function timestampType(engine: DatabaseEngine): ColumnDataType {
  return engine === 'postgres' ? 'timestamptz' : 'text';
}

/** An auto-incrementing integer primary key on either engine. */
export function idType(engine: DatabaseEngine): ColumnDataType {
  return engine === 'postgres' ? 'bigserial' : 'integer';
}

/** Column builder for the auto-incrementing primary key made by idType(). */
export function primaryId(engine: DatabaseEngine) {
  return (col: ColumnDefinitionBuilder) => (engine === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
}

/** The type of a column that references an idType() key. */
export function refType(engine: DatabaseEngine): ColumnDataType {
  return engine === 'postgres' ? 'bigint' : 'integer';
}
