// Issue #17, "a concurrency test for every endpoint that changes state where a
// race matters": registrations of one address sent at once. Both pass the
// "is the address free?" check before either inserts (hashing the password
// takes a while in between), so the database's unique index decides; the loser
// must get the same 409 as a later registration, not a 500, and no session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';

const ORIGIN = 'http://localhost:3000';

describe.each(TEST_ENGINES)('registering one address twice at once on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN, TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (email: string, address: string) =>
    t.app.request(`${ORIGIN}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password: 'correct horse battery staple', displayName: 'Racer' }),
    });

  async function accountsOf(email: string) {
    const db = t.database.handle.db;
    const users = await db.selectFrom('user_account').select('id').where('email', '=', email).execute();
    const sessions = await db
      .selectFrom('refresh_token_family')
      .select('id')
      .where(
        'user_id',
        'in',
        users.map((user) => user.id),
      )
      .execute();
    return { users: users.length, sessions: sessions.length };
  }

  it('makes exactly one account: one 201 with a session, one 409 with the JSON error body', async () => {
    const answers = await Promise.all([
      register('twice@example.com', '203.0.113.10'),
      register('twice@example.com', '203.0.113.11'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const loser = answers.find((answer) => answer.status === 409);
    expect(await loser?.json()).toEqual({
      error: { code: 'email_taken', message: expect.any(String), fields: { email: expect.any(String) } },
    });
    expect(await accountsOf('twice@example.com')).toEqual({ users: 1, sessions: 1 });
  });

  it('counts spellings of one address as one: five at once in other cases and with spaces', async () => {
    const spellings = [
      'Five@Example.com',
      'five@example.com',
      'FIVE@EXAMPLE.COM',
      ' five@example.com ',
      'five@Example.COM',
    ];
    const answers = await Promise.all(spellings.map((email, index) => register(email, `203.0.113.${20 + index}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(await accountsOf('five@example.com')).toEqual({ users: 1, sessions: 1 });
  });
});
