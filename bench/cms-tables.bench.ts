// Benchmark for issue #20's CMS tables: "hundreds of thousands of matches and
// users must stay fast: ≤ 100 ms p50 for a filtered page of 50 rows on SQLite".
// A temporary SQLite database, migrated, gets ~300,000 accounts (a realistic
// mix: members with an argon2 hash, staff, bans, a session for half of them),
// then one page of 50 is read through the accounts module's directory
// (UserDirectory.search, what GET /api/cms/users and /cms/users call) for each
// kind of filter, sorted by sign-up — first pages, pages reached by cursor deep
// into the table, and the worst case: a name that matches nobody, so every
// entry of the index is read. The contact inbox's filters (100,000 messages)
// likewise, through ContactService.listInbox. Run:
//   npm run bench:cms -- [--users=300000] [--messages=100000] [--runs=50]
// Prints p50/p95 per case and each query's plan; exits 1 when a p50 is over 100 ms.
// Results go into docs/performance.md by hand, with the command and machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createUserDirectory } from '../server/modules/auth/auth.users.ts';
import { userSearchSchema, type UserSearch } from '../server/modules/auth/auth.users.schemas.ts';
import { createContactService } from '../server/modules/site/contact.service.ts';
import { inboxQuerySchema } from '../server/modules/site/contact.schemas.ts';
import { systemClock } from '../server/platform/clock.ts';
import { createRateLimits } from '../server/platform/rate-limit.ts';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]));
const USERS = Number(args.get('users') ?? 300_000);
const RUNS = Number(args.get('runs') ?? 50);
const MESSAGES = Number(args.get('messages') ?? 100_000);
const TARGET_P50_MS = 100;

const FIRST = [
  'Ann',
  'Bob',
  'Carla',
  'David',
  'Eve',
  'Frank',
  'Grace',
  'Hugo',
  'Ines',
  'Jack',
  'Karin',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Paul',
  'Quinn',
  'Rosa',
  'Sam',
  'Tara',
  'Uma',
  'Victor',
  'Wen',
  'Yusuf',
];
const LAST = [
  'Smith',
  'Jones',
  'Garcia',
  'Muller',
  'Rossi',
  'Dubois',
  'Silva',
  'Kowalski',
  'Nielsen',
  'Ivanova',
  'Okafor',
  'Tanaka',
  'Kim',
  'Nguyen',
  'Costa',
  'Berg',
  'Haddad',
  'Papadopoulos',
  'Fischer',
  'Moreau',
];
const DOMAINS = ['example.com', 'mail.example.org', 'fans.example.net', 'club.example'];
/** What an argon2id hash looks like in the row (the rows a scan would read are this wide). */
const HASH = `$argon2id$v=19$m=19456,t=2,p=1$${'s'.repeat(22)}$${'h'.repeat(43)}`;
const FIVE_YEARS_MS = 5 * 365 * 24 * 60 * 60 * 1000;

/** A fixed pseudo-random sequence (mulberry32), so every run builds the same table. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Output goes to stdout (the lint keeps console.log out of the code base). */
function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const dir = mkdtempSync(path.join(tmpdir(), 'scoreline-cms-bench-'));
const handle = openDatabase(`file:${path.join(dir, 'bench.db')}`);
try {
  await migrateToLatest(handle);
  const { db } = handle;
  const next = random(20);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const started = performance.now();
  const now = Date.now();
  // Sign-ups spread over five years, in order (ids follow sign-up as they do live).
  const BATCH = 800;
  for (let from = 0; from < USERS; from += BATCH) {
    await db.transaction().execute(async (trx) => {
      const rows = [];
      for (let i = from; i < Math.min(USERS, from + BATCH); i += 1) {
        const first = pick(FIRST);
        const last = pick(LAST);
        const at = new Date(now - FIVE_YEARS_MS + Math.floor((i / USERS) * FIVE_YEARS_MS)).toISOString();
        const staff = i % 10_000 === 0;
        const banned = !staff && next() < 0.01;
        rows.push({
          email: `${first}.${last}${i}@${pick(DOMAINS)}`.toLowerCase(),
          email_verified: 1,
          display_name: `${first} ${last}`,
          phone: null,
          password_hash: HASH,
          role: staff ? pick(['moderator', 'editor', 'admin'] as const) : ('user' as const),
          plan: 'free',
          created_at: at,
          updated_at: at,
          suspended_at: banned ? at : null,
          suspended_reason: banned ? 'Spam links in the match chat' : null,
        });
      }
      const inserted = await trx.insertInto('user_account').values(rows).returning(['id', 'created_at']).execute();
      // Half the accounts have signed in once.
      const families = inserted
        .filter((_, index) => index % 2 === 0)
        .map((row) => ({
          user_id: row.id,
          user_agent: 'Mozilla/5.0',
          created_at: row.created_at,
          last_used_at: row.created_at,
          revoked_at: null,
          revoked_reason: null,
        }));
      if (families.length > 0) await trx.insertInto('refresh_token_family').values(families).execute();
    });
  }
  // The inbox: messages over the same years, 2 % never opened, 10 % still open.
  for (let from = 0; from < MESSAGES; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(MESSAGES, from + BATCH); i += 1) {
      const at = new Date(now - FIVE_YEARS_MS + Math.floor((i / MESSAGES) * FIVE_YEARS_MS)).toISOString();
      const state = next();
      rows.push({
        name: `${pick(FIRST)} ${pick(LAST)}`,
        email: `reader${i}@${pick(DOMAINS)}`,
        topic: 'data',
        message: 'The score of the derby is wrong: it ended 2–1, not 1–1. Please correct it.',
        created_at: at,
        read_at: state < 0.02 ? null : at,
        handled_at: state < 0.1 ? null : at,
        handled_by: state < 0.1 ? null : 1,
      });
    }
    await db.insertInto('contact_message').values(rows).execute();
  }
  await sql`ANALYZE`.execute(db);
  const loadSeconds = (performance.now() - started) / 1000;
  const total = await db
    .selectFrom('user_account')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  print(
    `${total.n} accounts and ${MESSAGES} contact messages written in ${loadSeconds.toFixed(1)} s (SQLite, ${dir})`,
  );

  const directory = createUserDirectory({ db, engine: 'sqlite', clock: systemClock });
  const search = (query: Record<string, string>): UserSearch => userSearchSchema.parse({ limit: '50', ...query });

  /** The query to page N of `query`: the cursors of the pages before it, followed. */
  async function deep(query: Record<string, string>, pages: number): Promise<Record<string, string>> {
    let cursor: string | null = null;
    for (let page = 0; page < pages; page += 1) {
      const answer = await directory.search(search(cursor ? { ...query, cursor } : query));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    return cursor ? { ...query, cursor } : query;
  }

  const middle = await db
    .selectFrom('user_account')
    .select('email')
    .where('id', '=', Math.floor(USERS / 2))
    .executeTakeFirstOrThrow();
  const CASES: Array<{ name: string; query: Record<string, string> }> = [
    { name: 'everyone, newest first (page 1)', query: {} },
    { name: 'everyone, page 2,000 (100,000 rows in, by cursor)', query: await deep({}, 2000) },
    { name: 'address prefix "maya.kowalski1"', query: { q: 'maya.kowalski1' } },
    { name: `address with @ "${middle.email.split('@')[0]}@"`, query: { q: `${middle.email.split('@')[0]}@` } },
    { name: 'exact address (one match)', query: { q: middle.email } },
    { name: 'name "smith" (~15,000 matches)', query: { q: 'smith' } },
    { name: 'name "smith", page 200 (by cursor)', query: await deep({ q: 'smith' }, 200) },
    { name: 'name "maya kim" (~600 matches)', query: { q: 'maya kim' } },
    { name: 'name "smith", oldest first', query: { q: 'smith', sort: 'oldest' } },
    { name: 'banned (~1 %)', query: { status: 'banned' } },
    { name: 'staff (30 accounts)', query: { role: 'staff' } },
    { name: 'no match at all (worst case: the whole index)', query: { q: 'zzqx' } },
  ];

  const contact = createContactService(db, systemClock, createRateLimits(undefined, pino({ level: 'silent' })));
  const inbox = (query: Record<string, string>) => inboxQuerySchema.parse({ limit: '50', ...query });
  const oldMessages = (await contact.listInbox(inbox({ limit: '100' }))).messages.at(-1)?.id ?? 0;
  const INBOX_CASES: Array<{ name: string; query: Record<string, string> }> = [
    { name: 'inbox: all, newest first', query: {} },
    { name: 'inbox: unread (2 %)', query: { status: 'unread' } },
    { name: 'inbox: open (10 %)', query: { status: 'open' } },
    { name: 'inbox: handled', query: { status: 'handled' } },
    { name: 'inbox: unread, older than the newest 100', query: { status: 'unread', cursor: String(oldMessages) } },
  ];

  print(
    `\n${RUNS} runs per case after 3 warm-up runs; one page of 50 through UserDirectory.search or ContactService.listInbox\n`,
  );
  print('| case | rows | p50 ms | p95 ms |');
  print('|---|---:|---:|---:|');
  let failed = false;
  const measured: Array<{ name: string; page: () => Promise<number> }> = [
    ...CASES.map(({ name, query }) => {
      const parsed = search(query);
      return { name, page: async () => (await directory.search(parsed)).users.length };
    }),
    ...INBOX_CASES.map(({ name, query }) => {
      const parsed = inbox(query);
      return { name, page: async () => (await contact.listInbox(parsed)).messages.length };
    }),
  ];
  for (const { name, page } of measured) {
    for (let i = 0; i < 3; i += 1) await page();
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const t0 = performance.now();
      rows = await page();
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    const p50 = percentile(samples, 50);
    if (p50 > TARGET_P50_MS) failed = true;
    print(`| ${name} | ${rows} | ${p50.toFixed(1)} | ${percentile(samples, 95).toFixed(1)} |`);
  }

  // How SQLite answers: the plans of the shapes above (the page's two small subqueries omitted).
  print('\nQuery plans:');
  const plans: Array<[string, ReturnType<typeof sql>]> = [
    [
      'name or address',
      sql`SELECT id FROM user_account WHERE (email >= 'smith' AND email < 'smith\u{10FFFF}') OR display_name LIKE '%smith%' ESCAPE '\\' ORDER BY created_at DESC, id DESC LIMIT 51`,
    ],
    [
      'address with @',
      sql`SELECT id FROM user_account WHERE email >= 'tara.smith2@' AND email < 'tara.smith2@\u{10FFFF}' ORDER BY created_at DESC, id DESC LIMIT 51`,
    ],
    ['inbox, open', sql`SELECT id FROM contact_message WHERE handled_at IS NULL ORDER BY id DESC LIMIT 51`],
    ['staff', sql`SELECT id FROM user_account WHERE role != 'user' ORDER BY created_at DESC, id DESC LIMIT 51`],
  ];
  for (const [label, query] of plans) {
    const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(db);
    print(`  ${label}: ${plan.rows.map((row) => row.detail).join(' / ')}`);
  }
  print(failed ? `\nA p50 is over ${TARGET_P50_MS} ms.` : `\nEvery p50 is within ${TARGET_P50_MS} ms.`);
  process.exitCode = failed ? 1 : 0;
} finally {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
