// One query layer over two real engines (DESIGN.md §2): better-sqlite3 by
// default, PostgreSQL when DATABASE_URL starts with postgres://.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Throws when the database does not answer; used by /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function openDatabase(databaseUrl: string): DatabaseHandle {
  if (databaseUrl.startsWith('file:')) return openSqlite(databaseUrl.slice('file:'.length));
  return openPostgres(databaseUrl);
}

function openSqlite(filename: string): DatabaseHandle {
  if (filename !== ':memory:') mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
  const sqlite = new SqliteDatabase(filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    engine: 'sqlite',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection that the server ends (a restart, a failover, an administrator) makes the pool emit
  // 'error'; unheard, that is an uncaught exception that stops the process. The pool drops that connection
  // and opens another on the next query, so there is nothing else to do (db/ has no logger).
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

/** SQLite returns timestamps as strings, pg as Date: callers always get ISO strings. */
export function toIsoString(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
