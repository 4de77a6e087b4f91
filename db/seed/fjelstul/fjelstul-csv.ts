// Reading the Fjelstul CSV files (RFC 4180: comma-separated, fields with commas
// or quotes in double quotes, "" for a quote inside one; LF or CRLF line ends).
// Every row is checked against a zod schema of the columns we use; a file that
// does not fit fails with its name, line and column, before anything is written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

export class FjelstulFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FjelstulFileError';
  }
}

export interface CsvRecord {
  /** 1-based line of the file the record starts on. */
  line: number;
  fields: string[];
}

/**
 * Splits CSV text into records. Throws on an unterminated quote or text after a
 * closing quote. Lines without a quote (nearly all) are split directly; a line
 * with one is read character by character, joined with the next lines while a
 * quoted field is still open.
 */
export function parseCsv(text: string, fileName = 'CSV'): CsvRecord[] {
  const records: CsvRecord[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split('\n');
  const withoutCr = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);
  for (let index = 0; index < lines.length; index += 1) {
    const line = withoutCr(lines[index] as string);
    if (!line.includes('"')) {
      if (line !== '') records.push({ line: index + 1, fields: line.split(',') });
      continue;
    }
    let joined = line;
    let last = index;
    while (quoteCount(joined) % 2 === 1 && last + 1 < lines.length) {
      last += 1;
      joined += `\n${withoutCr(lines[last] as string)}`;
    }
    if (quoteCount(joined) % 2 === 1)
      throw new FjelstulFileError(`${fileName} line ${index + 1}: a quoted field is never closed`);
    records.push({ line: index + 1, fields: splitQuotedRecord(joined, index + 1, fileName) });
    index = last;
  }
  return records;
}

function quoteCount(text: string): number {
  let count = 0;
  for (let position = text.indexOf('"'); position !== -1; position = text.indexOf('"', position + 1)) count += 1;
  return count;
}

/** The fields of one record that contains quotes (balanced: checked by the caller). */
function splitQuotedRecord(record: string, line: number, fileName: string): string[] {
  const fields: string[] = [];
  let field = '';
  let index = 0;
  let quoted = false;
  while (index < record.length) {
    const char = record[index] as string;
    if (quoted) {
      if (char === '"' && record[index + 1] === '"') {
        field += '"';
        index += 2;
      } else if (char === '"') {
        quoted = false;
        index += 1;
        if (index < record.length && record[index] !== ',')
          throw new FjelstulFileError(`${fileName} line ${line}: text after a closing quote`);
      } else {
        field += char;
        index += 1;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      index += 1;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      index += 1;
    } else {
      field += char;
      index += 1;
    }
  }
  fields.push(field);
  return fields;
}

/**
 * The rows of one CSV file as objects of its header's columns, each parsed by
 * `schema` (which names the columns it needs; others are ignored).
 */
export function readCsvFile<S extends z.ZodObject>(dir: string, file: string, schema: S): Array<z.infer<S>> {
  const fullPath = path.join(dir, file);
  let text: string;
  try {
    text = readFileSync(fullPath, 'utf8');
  } catch (error) {
    throw new FjelstulFileError(`${file}: cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  return parseCsvRows(text, file, schema);
}

/**
 * Each field is parsed by its column's schema. Values repeat a lot (match,
 * team and player ids, flags), so each distinct value of a column is parsed
 * once: the 20,000 line-up rows need a few thousand parses, not 180,000.
 */
export function parseCsvRows<S extends z.ZodObject>(text: string, file: string, schema: S): Array<z.infer<S>> {
  const [header, ...records] = parseCsv(text, file);
  if (!header) throw new FjelstulFileError(`${file}: the file is empty`);
  const columns = header.fields;
  const wanted = Object.keys(schema.shape);
  const missing = wanted.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    throw new FjelstulFileError(`${file}: missing column ${missing.map((column) => `"${column}"`).join(', ')}`);
  const readers = wanted.map((column) => ({
    column,
    position: columns.indexOf(column),
    schema: schema.shape[column] as z.ZodType,
    parsed: new Map<string, { value: unknown } | { error: string }>(),
  }));
  const rows: Array<z.infer<S>> = [];
  for (const record of records) {
    if (record.fields.length !== columns.length) {
      throw new FjelstulFileError(
        `${file} line ${record.line}: ${record.fields.length} fields where the header has ${columns.length}`,
      );
    }
    const row: Record<string, unknown> = {};
    for (const reader of readers) {
      const raw = record.fields[reader.position] as string;
      let result = reader.parsed.get(raw);
      if (result === undefined) {
        const parsed = reader.schema.safeParse(raw);
        result = parsed.success
          ? { value: parsed.data }
          : { error: parsed.error.issues.map((issue) => issue.message.toLowerCase()).join(', ') };
        reader.parsed.set(raw, result);
      }
      if ('error' in result)
        throw new FjelstulFileError(
          `${file} line ${record.line}: column "${reader.column}" ${result.error} (got "${raw}")`,
        );
      row[reader.column] = result.value;
    }
    // Every column of the object schema was parsed by its own schema just above.
    rows.push(row as z.infer<S>);
  }
  return rows;
}
