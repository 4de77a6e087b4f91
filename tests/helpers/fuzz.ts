// Arbitraries for the request fuzz test (server/fuzz.test.ts, issue #17 "Widen
// the net"): values drawn from an operation's JSON schemas (as
// /api/openapi.json describes them), the hostile values every input should
// survive, and the bodies a careless or hostile client sends.
import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.1) that zod's output uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Stands for "leave this field out". */
export const ABSENT = Symbol('absent');

// ---- Hostile values ---------------------------------------------------------

/** Text that has broken servers: lone surrogates, bidi controls, NUL, joiners, case and NFKC surprises. */
export const ODD_TEXT = [
  '\uD800',
  '\uDFFF',
  'a\uDBFFb',
  '\uDC00\uD800',
  '\u202Eevil\u202C.com',
  '\u200F\u200E\u061C',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '⚽',
  '👨‍👩‍👧‍👦',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  'e\u0301\u0301\u0301',
  '\uFEFF',
  '\uFFFE\uFFFF',
  '\uFDFA',
  'ﬃ',
  'İı',
  'ß',
  '\u2028\u2029',
  '\r\n',
  '\u0085',
  '\t\v\f',
  'Спартак',
  'القاهرة',
  '東京',
  '١٢٣',
  '９',
  '\u00A0',
  '\u3000',
  '\u001B[31m',
];

const PLAIN_HOSTILE = [
  '',
  ' ',
  "'; DROP TABLE user_account; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%',
  '%E2%82',
  '%zz',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '0x1F',
  '1_000',
  '  padded  ',
  '@',
  'a@b',
  'ada@example.org',
  'ADA@EXAMPLE.ORG',
  '//evil.example',
  '/\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/team?q=Спартак',
  '/%0d%0aSet-Cookie:%20x=1',
  '/a\r\nSet-Cookie: x=1',
];

/** UTF-16 code units, lone surrogates included. */
const utf16Unit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

/** Lengths around the limits inputs have (80, 100, 200, 254, 512, 1024, 5000) and past them. */
const LONG_LENGTHS = [81, 101, 201, 255, 256, 513, 1025, 5001, 20_000];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_TEXT, ...PLAIN_HOSTILE) },
  { weight: 2, arbitrary: fc.string({ unit: utf16Unit, maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', '9', 'é', '⚽', '\u0000', '\uD800', '\uFDFA', 'x@'), fc.constantFrom(...LONG_LENGTHS))
      .map(([text, length]) => text.repeat(length)),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.constantFrom(...ODD_TEXT, 'a', '1', '@', '.'), { maxLength: 12 })
      .map((parts) => parts.join('')),
  },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    Number.EPSILON,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Keys a JSON object should not be able to use against us. */
const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    'id',
    'role',
    'admin',
    'scopes',
  ),
  hostileString,
);

/** Any JSON value, leaning towards the hostile. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    hostileString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map(objectFromEntries),
  ),
})).value;

/** An object with these own properties, `__proto__` included as a plain key (as JSON.parse makes it). */
export function objectFromEntries(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

// ---- Values from a schema -----------------------------------------------------

export type SchemaResolver = (ref: string) => JsonSchema;

/** Field-name hints: values that reach deeper code (an existing email, a real match id) than random ones. */
export type Hints = Readonly<Record<string, fc.Arbitrary<unknown>>>;

/** A value that the schema accepts (or nearly: patterns and lengths are not cross-checked). */
export function validValue(
  schema: JsonSchema,
  resolve: SchemaResolver,
  hints: Hints = {},
  name = '',
  onlyHint = false,
): fc.Arbitrary<unknown> {
  const valid = schemaValue(schema, resolve, hints);
  const hint = hints[name];
  if (hint && onlyHint) return hint;
  return hint ? fc.oneof({ weight: 1, arbitrary: valid }, { weight: 3, arbitrary: hint }) : valid;
}

function schemaValue(schema: JsonSchema, resolve: SchemaResolver, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.$ref) return schemaValue(resolve(schema.$ref), resolve, hints);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => schemaValue(choice, resolve, hints)));
  if (schema.allOf && schema.allOf.length > 0) return schemaValue(schema.allOf[0] as JsonSchema, resolve, hints);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((candidate) => candidate !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string': {
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (schema.format === 'email') return fc.emailAddress();
      const minLength = schema.minLength ?? 0;
      return fc.string({
        unit: 'grapheme',
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 60)),
      });
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1_000_000 : schema.exclusiveMinimum + 1);
      const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? 1_000_000 : schema.exclusiveMaximum - 1);
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? schemaValue(schema.items, resolve, hints) : hostileJson, { maxLength: 4 });
    case 'object':
      return objectValue(schema, resolve, hints, 0);
    default:
      return hostileJson;
  }
}

/**
 * An object for the schema: each field valid (most often), hostile or left out, and sometimes extra
 * fields. With `mischief` 0 every field is valid and required ones are present.
 */
function objectValue(
  schema: JsonSchema,
  resolve: SchemaResolver,
  hints: Hints,
  mischief: number,
): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, property]) => {
    const valid = validValue(property, resolve, hints, name, mischief === 0);
    if (mischief === 0) return required.has(name) ? valid : fc.oneof(valid, fc.constant(ABSENT));
    return fc.oneof(
      { weight: 6, arbitrary: valid },
      { weight: 2 * mischief, arbitrary: hostileJson },
      { weight: mischief, arbitrary: fc.constant(ABSENT) },
    );
  });
  const extra = mischief === 0 ? fc.constant([]) : fc.array(fc.tuple(hostileKey, hostileJson), { maxLength: mischief });
  return fc.tuple(fc.tuple(...fields), extra).map(([values, extras]) => {
    const entries: Array<[string, unknown]> = [];
    properties.forEach(([name], index) => {
      if (values[index] !== ABSENT) entries.push([name, values[index]]);
    });
    return objectFromEntries([...entries, ...extras]);
  });
}

/**
 * Every field valid but one, which is hostile: the likeliest way for a bad value to get past the
 * other checks and reach the database.
 */
function oneFieldHostile(schema: JsonSchema, resolve: SchemaResolver, hints: Hints): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  if (names.length === 0) return hostileJson;
  return fc
    .tuple(
      objectValue(schema, resolve, hints, 0),
      fc.constantFrom(...names),
      fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: hostileJson }),
    )
    .map(([object, name, value]) => objectFromEntries([...Object.entries(object as object), [name, value]]));
}

/**
 * A body for an operation's JSON schema: valid, a little wrong, very wrong, or not the right shape at
 * all; `clean` gives valid ones only.
 */
export function jsonBodyValue(
  schema: JsonSchema,
  resolve: SchemaResolver,
  hints: Hints,
  clean = false,
): fc.Arbitrary<unknown> {
  const resolved = schema.$ref ? resolve(schema.$ref) : schema;
  const isObject = resolved.properties !== undefined;
  if (clean) return isObject ? objectValue(resolved, resolve, hints, 0) : schemaValue(resolved, resolve, hints);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: isObject ? objectValue(resolved, resolve, hints, 0) : schemaValue(resolved, resolve, hints),
    },
    { weight: 4, arbitrary: isObject ? oneFieldHostile(resolved, resolve, hints) : hostileJson },
    { weight: 2, arbitrary: isObject ? objectValue(resolved, resolve, hints, 1) : hostileJson },
    { weight: 1, arbitrary: isObject ? objectValue(resolved, resolve, hints, 3) : hostileJson },
    { weight: 1, arbitrary: hostileJson },
  );
}

// ---- Bodies and headers -------------------------------------------------------

export type BodyBytes = string | Uint8Array<ArrayBuffer>;

/** JSON texts no parser should choke the server with. */
export const MALFORMED_JSON: readonly BodyBytes[] = [
  '',
  ' ',
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[1,]',
  'NaN',
  'undefined',
  '{"matchId": 1e999, "speed": -1e999}',
  '{"matchId": 1, "matchId": "one"}',
  '{"email": "\\ud800", "password": "\\u0000"}',
  '"a string"',
  '12',
  'null',
  'true',
  '[]',
  '\uFEFF{"a": 1}',
  '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
  '['.repeat(20_000) + ']'.repeat(20_000),
  '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
  new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  new Uint8Array([0x00, 0x00, 0x00]),
];

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/vnd.api+json',
  'application/problem+json',
  'text/json',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/octet-stream',
  '*/*',
  'garbage',
  '',
];

/** A form body a page's action may be sent, well formed or broken, with its Content-Type (null: none). */
export interface FormBody {
  contentType: string | null;
  body: BodyBytes | null;
}

function urlEncoded(entries: ReadonlyArray<readonly [string, string]>): string {
  return entries.map(([name, value]) => `${encodeComponent(name)}=${encodeComponent(value)}`).join('&');
}

function multipart(entries: ReadonlyArray<readonly [string, string]>, boundary: string): string {
  const parts = entries.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join('')}--${boundary}--\r\n`;
}

/** Form bodies for these fields: as browsers send them, and the malformed ones scripts send. */
export function formBody(entries: fc.Arbitrary<Array<[string, string]>>): fc.Arbitrary<FormBody> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: entries.map((list) => ({ contentType: 'application/x-www-form-urlencoded', body: urlEncoded(list) })),
    },
    {
      weight: 3,
      arbitrary: entries.map((list) => ({
        contentType: 'multipart/form-data; boundary=fuzzfuzz',
        body: multipart(list, 'fuzzfuzz'),
      })),
    },
    {
      weight: 1,
      arbitrary: entries.map((list) => ({
        // A file field too: actions read strings, a File must not surprise them.
        contentType: 'multipart/form-data; boundary=fuzzfuzz',
        body:
          multipart(list, 'fuzzfuzz').replace(/--fuzzfuzz--\r\n$/, '') +
          `--fuzzfuzz\r\nContent-Disposition: form-data; name="${list[0]?.[0] ?? 'file'}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile\r\n--fuzzfuzz--\r\n`,
      })),
    },
    {
      weight: 4,
      arbitrary: fc.oneof(
        entries.map((list) => ({ contentType: 'application/json', body: JSON.stringify(Object.fromEntries(list)) })),
        entries.map((list) => ({ contentType: 'text/plain', body: urlEncoded(list) })),
        entries.map((list) => ({ contentType: null, body: urlEncoded(list) })),
        entries.map((list) => ({
          contentType: 'multipart/form-data; boundary=other',
          body: multipart(list, 'fuzzfuzz'),
        })),
        entries.map((list) => ({ contentType: 'multipart/form-data', body: multipart(list, 'fuzzfuzz') })),
        entries.map((list) => ({
          contentType: 'multipart/form-data; boundary=fuzzfuzz',
          body: multipart(list, 'fuzzfuzz').slice(0, -10),
        })),
        entries.map((list) => ({
          contentType: 'application/x-www-form-urlencoded; charset=utf-16',
          body: urlEncoded(list),
        })),
        fc.constantFrom<FormBody>(
          { contentType: null, body: null },
          { contentType: 'application/x-www-form-urlencoded', body: null },
          { contentType: 'application/x-www-form-urlencoded', body: '' },
          { contentType: 'application/x-www-form-urlencoded', body: '%' },
          { contentType: 'application/x-www-form-urlencoded', body: 'a=%E2%82&b=%zz&&=&==' },
          { contentType: 'application/x-www-form-urlencoded', body: new Uint8Array([0x61, 0x3d, 0xff, 0xfe, 0x00]) },
          { contentType: 'multipart/form-data; boundary=fuzzfuzz', body: '--fuzzfuzz\r\nbroken' },
          { contentType: 'multipart/form-data; boundary=fuzzfuzz', body: '' },
          { contentType: 'multipart/form-data; boundary=', body: '----\r\n' },
          {
            contentType: 'multipart/form-data; boundary="a b"',
            body: '--a b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--a b--\r\n',
          },
          { contentType: 'application/json', body: '{"email": ' },
          { contentType: 'text/plain', body: 'hello' },
          { contentType: 'application/octet-stream', body: new Uint8Array([0, 1, 2, 3]) },
          { contentType: 'application/x-www-form-urlencoded', body: `message=${'x'.repeat(70_000)}` },
        ),
      ),
    },
  );
}

// ---- URLs ---------------------------------------------------------------------

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) goes out as its three
 * WTF-8 bytes: the invalid UTF-8 a hostile client can send.
 */
export function encodeComponent(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const char of text) {
      const unit = char.charCodeAt(0);
      if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      } else {
        out += encodeURIComponent(char);
      }
    }
    return out;
  }
}

/** Raw path and query pieces: what a client sends without encoding, or encoded badly. */
export const RAW_URL_PIECES = [
  '%',
  '%zz',
  '%E2%82',
  '%ED%A0%80',
  '%00',
  '%2F',
  '%2e%2e',
  '..',
  '.',
  ';',
  '%3B',
  '%23',
  '+',
  '%20',
  '%C0%AF',
];

/** A short human-readable description of a body for a failure message. */
export function describeBody(body: BodyBytes | null | undefined): string {
  if (body === null || body === undefined) return '(none)';
  const text = typeof body === 'string' ? body : `bytes[${Array.from(body.slice(0, 40)).join(',')}]`;
  return text.length > 300 ? `${JSON.stringify(text.slice(0, 300))}… (${text.length} chars)` : JSON.stringify(text);
}
