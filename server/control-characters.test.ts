// NUL and other control characters in typed text (found by server/fuzz.test.ts):
// PostgreSQL cannot hold NUL in a text value, so a contact message, a display
// name or a favourite's competition code holding one made the insert or the
// look-up fail with a 500 there, while SQLite stored it. Such input is now
// refused as invalid on both, naming the field, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../tests/helpers/test-database.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';

describe.each(TEST_ENGINES)('control characters in typed text on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { BASE_URL: ORIGIN, TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  let address = 0;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      // A new address each time: the contact and sign-up limits are not what is tested here.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${(address += 1)}`, ...headers },
      body: JSON.stringify(body),
    });
  const count = async (table: 'contact_message' | 'user_account' | 'user_favourite') =>
    Number(
      (
        await t.database.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const fieldsOf = async (response: Response) =>
    Object.keys(((await response.json()) as { error: { fields?: Record<string, string> } }).error.fields ?? {});

  it('refuses a contact message whose name or message holds NUL, and stores nothing', async () => {
    const before = await count('contact_message');
    const message = {
      name: 'Ada',
      email: 'ada@example.org',
      topic: 'data',
      message: 'The score of match 12 looks wrong.',
    };
    const badName = await post('/api/contact', { ...message, name: 'A\u0000da' });
    expect(badName.status).toBe(400);
    expect(await fieldsOf(badName)).toEqual(['name']);
    const badMessage = await post('/api/contact', { ...message, message: 'The score\u0000 of match 12 looks wrong.' });
    expect(badMessage.status).toBe(400);
    expect(await fieldsOf(badMessage)).toEqual(['message']);
    expect(await count('contact_message')).toBe(before);
    // Line breaks and tabs are a message's own.
    const lines = await post('/api/contact', { ...message, message: 'Match 12:\r\n\tthe score looks wrong.' });
    expect(lines.status).toBe(201);
  });

  it('refuses a display name holding a control character at sign-up, and makes no account', async () => {
    const before = await count('user_account');
    for (const displayName of ['N\u0000ul', 'Bell\u0007', 'Two\nlines']) {
      const response = await post('/api/auth/register', {
        email: 'named@example.org',
        password: PASSWORD,
        displayName,
      });
      expect(response.status, JSON.stringify(displayName)).toBe(400);
      expect(await fieldsOf(response)).toEqual(['displayName']);
    }
    expect(await count('user_account')).toBe(before);
  });

  it('answers a favourite whose ref is neither an id nor a competition code with 400, starring or not', async () => {
    const registered = await post('/api/auth/register', { email: 'stars@example.org', password: PASSWORD });
    expect(registered.status).toBe(201);
    const { data } = (await registered.json()) as { data: { token: { access_token: string } } };
    const bearer = { authorization: `Bearer ${data.token.access_token}` };
    for (const method of ['PUT', 'DELETE']) {
      for (const ref of ['a%00b', 'en.1%00', 'Premier%20League']) {
        const response = await t.app.request(`${ORIGIN}/api/auth/favourites/competition/${ref}`, {
          method,
          headers: bearer,
        });
        expect(response.status, `${method} ${ref}`).toBe(400);
        expect(await fieldsOf(response)).toEqual(['ref']);
      }
    }
    expect(
      (await t.app.request(`${ORIGIN}/api/auth/favourites/competition/xx.9`, { method: 'DELETE', headers: bearer }))
        .status,
    ).toBe(200);
    expect(await count('user_favourite')).toBe(0);
  });

  it('lets the account page remove or add a favourite whose ref holds NUL without an error: it names none', async () => {
    const registered = await post('/api/auth/register', { email: 'page@example.org', password: PASSWORD });
    expect(registered.status).toBe(201);
    const user = await t.database.handle.db
      .selectFrom('user_account')
      .select('id')
      .where('email', '=', 'page@example.org')
      .executeTakeFirstOrThrow();
    // app/routes/account.tsx hands the form's kind and ref to the service as they came.
    await expect(
      t.services.accounts.removeFavourite(Number(user.id), 'competition', 'en.1\u0000'),
    ).resolves.toBeUndefined();
    await expect(t.services.accounts.addFavourite(Number(user.id), 'competition', 'en.1\u0000')).resolves.toBe(false);
    expect(await count('user_favourite')).toBe(0);
  });

  it('signs in with device favourites holding NUL, leaving them out', async () => {
    const registered = await post('/api/auth/register', { email: 'device@example.org', password: PASSWORD });
    expect(registered.status).toBe(201);
    const result = await t.services.accounts.login(
      { email: 'device@example.org', password: PASSWORD },
      { ip: '192.0.2.60', userAgent: 'test', deviceToken: null },
      JSON.stringify({ teams: [], competitions: ['en.1\u0000'], matches: [] }),
    );
    expect(result.ok).toBe(true);
    expect(await count('user_favourite')).toBe(0);
  });
});
