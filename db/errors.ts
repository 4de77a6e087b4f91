// Errors the database raises that callers answer rather than report.

/**
 * A write refused by a UNIQUE constraint, on either engine (PostgreSQL's SQLSTATE 23505, SQLite's
 * SQLITE_CONSTRAINT_UNIQUE). Checking before writing leaves a race between two requests; this turns
 * the loser of that race into a conflict instead of a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
