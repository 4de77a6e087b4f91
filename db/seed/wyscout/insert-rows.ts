// Multi-row inserts for the bulk of the Wyscout import (~850k actions). Kysely's
// query builder turns every value into a node; at this volume that costs more
// than the database does, so each statement is written once per shape and the
// values are bound as parameters: on SQLite as multi-row VALUES, on PostgreSQL
// as one array per column through unnest() (a short statement however many rows).
import { CompiledQuery, type Insertable } from 'kysely';
import type { DatabaseEngine } from '../../client.ts';
import type { Database } from '../../schema.ts';
import type { SeedDb } from '../seed-kit.ts';

/** SQLite binds at most 32,766 parameters per statement: stay well under. */
const SQLITE_MAX_PARAMETERS = 30_000;
const SQLITE_MAX_ROWS = 500;
/** unnest() takes any number of rows in its arrays; this only bounds one statement's size. */
const POSTGRES_MAX_ROWS = 10_000;

type Value = string | number | null;

const statements = new Map<string, string>();
/** PostgreSQL column types by table, read once from information_schema (for the array casts). */
const postgresTypes = new Map<string, Map<string, string>>();

function sqliteStatement(
  table: string,
  columns: readonly string[],
  rowCount: number,
  ignoreConflicts: boolean,
): string {
  const key = `sqlite|${table}|${columns.join(',')}|${rowCount}|${ignoreConflicts}`;
  let text = statements.get(key);
  if (text === undefined) {
    const row = `(${columns.map(() => '?').join(', ')})`;
    text = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values ${Array.from({ length: rowCount }, () => row).join(', ')}${ignoreConflicts ? ' on conflict do nothing' : ''}`;
    statements.set(key, text);
  }
  return text;
}

async function postgresStatement(
  db: SeedDb,
  table: string,
  columns: readonly string[],
  ignoreConflicts: boolean,
): Promise<string> {
  const key = `postgres|${table}|${columns.join(',')}|${ignoreConflicts}`;
  let text = statements.get(key);
  if (text === undefined) {
    let types = postgresTypes.get(table);
    if (!types) {
      const result = await db.executeQuery<{ column_name: string; data_type: string }>(
        CompiledQuery.raw(
          'select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = $1',
          [table],
        ),
      );
      types = new Map(result.rows.map((row) => [row.column_name, row.data_type]));
      postgresTypes.set(table, types);
    }
    const arrays = columns.map((column, index) => {
      const type = types.get(column);
      if (!type) throw new Error(`Column ${table}.${column} does not exist`);
      return `$${index + 1}::${type}[]`;
    });
    text = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) select * from unnest(${arrays.join(', ')})${ignoreConflicts ? ' on conflict do nothing' : ''}`;
    statements.set(key, text);
  }
  return text;
}

/**
 * Inserts `rows` into `table` in as few statements as the engine allows.
 * `ignoreConflicts` skips rows whose key is already there.
 */
export async function insertRows<T extends keyof Database & string>(
  db: SeedDb,
  engine: DatabaseEngine,
  table: T,
  columns: readonly (keyof Insertable<Database[T]> & string)[],
  rows: readonly Insertable<Database[T]>[],
  options: { ignoreConflicts?: boolean } = {},
): Promise<void> {
  const ignoreConflicts = options.ignoreConflicts ?? false;
  const valueOf = (row: Insertable<Database[T]>, column: string) =>
    ((row as Record<string, unknown>)[column] ?? null) as Value;
  if (engine === 'postgres') {
    for (let start = 0; start < rows.length; start += POSTGRES_MAX_ROWS) {
      const chunk = rows.slice(start, start + POSTGRES_MAX_ROWS);
      const parameters = columns.map((column) => chunk.map((row) => valueOf(row, column)));
      await db.executeQuery(
        CompiledQuery.raw(await postgresStatement(db, table, columns, ignoreConflicts), parameters),
      );
    }
    return;
  }
  const perStatement = Math.max(1, Math.min(SQLITE_MAX_ROWS, Math.floor(SQLITE_MAX_PARAMETERS / columns.length)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const parameters: Value[] = [];
    for (const row of chunk) for (const column of columns) parameters.push(valueOf(row, column));
    await db.executeQuery(
      CompiledQuery.raw(sqliteStatement(table, columns, chunk.length, ignoreConflicts), parameters),
    );
  }
}
