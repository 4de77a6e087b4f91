// Staff two-factor sign-in and idle sessions (issue #20) through the real app on
// SQLite and PostgreSQL, with a clock the tests move: enrolment with the first
// code, sign-in with a code (wrong, replayed, from the step before), recovery
// codes that work once even when two requests race, the policy that requires it
// of all staff, an administrator's reset, and staff sessions that end after 30
// minutes without a request (not after 29) while members' do not.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { IDLE_SIGNED_OUT_MESSAGE } from '../../../domain/account-contracts.ts';
import { USED_CODE_MESSAGE } from '../auth/auth.two-factor.ts';
import { auditPageSchema } from './cms.schemas.ts';
import { securityOverviewSchema } from './cms-security.schemas.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const MINUTE = 60_000;

type Built = Awaited<ReturnType<typeof createTestApp>>;

describe.each(TEST_ENGINES)('staff two-factor sign-in and idle sessions on %s', (engine) => {
  let t: Built;
  // 10 s into a 30 s step, so "the step before" is still within the tolerance.
  let now = Date.parse('2026-03-01T12:00:10Z');
  const advance = (ms: number) => {
    now += ms;
  };
  let address = 0;

  function call(method: string, path: string, token?: string, body?: unknown) {
    return t.app.request(`${ORIGIN}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        // Each call from its own address: the password limits are not what these tests are about.
        'X-Forwarded-For': `198.51.100.${(address++ % 250) + 1}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function staffAccount(email: string, role: StaffRole): Promise<number> {
    const result = await t.services.accounts.createStaffUser({ email, password: PASSWORD, displayName: 'Staff', role });
    if (!result.ok) throw new Error(result.message);
    return result.user.id;
  }

  async function tokensOf(response: Response): Promise<{ access: string; refresh: string }> {
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { token: { access_token: string; refresh_token: string } } };
    return { access: body.data.token.access_token, refresh: body.data.token.refresh_token };
  }

  async function passwordStep(email: string): Promise<string> {
    const response = await call('POST', '/auth/login', undefined, { email, password: PASSWORD });
    expect(response.status).toBe(401);
    const body = (await response.json()) as {
      error: { code: string };
      challenge: { token: string; expires_in: number };
    };
    expect(body.error.code).toBe('two_factor_required');
    expect(body.challenge.expires_in).toBe(300);
    return body.challenge.token;
  }

  const codeAt = (secret: string, at = now) => generate({ secret, epoch: Math.floor(at / 1000) });

  /** Signs in by password (no 2FA yet) and turns two-factor sign-in on; the secret and recovery codes. */
  async function enrol(email: string): Promise<{ secret: string; recoveryCodes: string[]; access: string }> {
    const { access } = await tokensOf(await call('POST', '/auth/login', undefined, { email, password: PASSWORD }));
    const started = await call('POST', '/cms/security/two-factor', access);
    expect(started.status).toBe(200);
    const { data } = (await started.json()) as { data: { secret: string; uri: string } };
    const confirmed = await call('POST', '/cms/security/two-factor/confirm', access, {
      code: await codeAt(data.secret),
    });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = ((await confirmed.json()) as { data: { recoveryCodes: string[] } }).data;
    return { secret: data.secret, recoveryCodes, access };
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      // Access tokens outlive the idle limit here, so an ended session is the session's doing, not the token's.
      { BASE_URL: ORIGIN, TRUST_PROXY: '1', ACCESS_TOKEN_TTL: '7200' },
      { clock: { now: () => new Date(now) } },
    );
  });
  afterAll(() => t.close());

  it('enrols with the first code from the app: QR URI and secret, then 10 recovery codes once, audited', async () => {
    await staffAccount('enrol@example.com', 'editor');
    const { access } = await tokensOf(
      await call('POST', '/auth/login', undefined, { email: 'enrol@example.com', password: PASSWORD }),
    );
    const started = await call('POST', '/cms/security/two-factor', access);
    const { data: enrolment } = (await started.json()) as { data: { secret: string; uri: string } };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/.+enrol%40example\.com/);
    // Asked again before confirming: the same secret (the app may have scanned it already).
    const again = (await (await call('POST', '/cms/security/two-factor', access)).json()) as {
      data: { secret: string };
    };
    expect(again.data.secret).toBe(enrolment.secret);

    const wrong = await call('POST', '/cms/security/two-factor/confirm', access, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { fields: { code: expect.stringContaining('not right') } } });

    const confirmed = await call('POST', '/cms/security/two-factor/confirm', access, {
      code: await codeAt(enrolment.secret),
    });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = ((await confirmed.json()) as { data: { recoveryCodes: string[] } }).data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);

    const overview = securityOverviewSchema.parse(
      ((await (await call('GET', '/cms/security', access)).json()) as { data: unknown }).data,
    );
    expect(overview.twoFactor).toMatchObject({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    expect(overview.enrolment).toBeNull();
    // Once on, a new secret is not handed out: turn it off first.
    expect((await call('POST', '/cms/security/two-factor', access)).status).toBe(409);

    // Stored sealed, and the codes only as hashes.
    const row = await t.database.handle.db
      .selectFrom('user_account')
      .select('totp_secret')
      .where('email', '=', 'enrol@example.com')
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(enrolment.secret);
    const hashes = await t.database.handle.db.selectFrom('staff_recovery_code').select('code_hash').execute();
    for (const code of recoveryCodes) expect(hashes.map((hash) => hash.code_hash)).not.toContain(code);

    await staffAccount('auditor@example.com', 'admin');
    const { access: adminAccess } = await tokensOf(
      await call('POST', '/auth/login', undefined, { email: 'auditor@example.com', password: PASSWORD }),
    );
    const log = auditPageSchema.parse(
      ((await (await call('GET', '/cms/audit?kind=two-factor', adminAccess)).json()) as { data: unknown }).data,
    );
    expect(log.entries[0]).toMatchObject({
      action: 'two-factor.enable',
      changes: { before: { twoFactor: false }, after: { twoFactor: true, recoveryCodes: 10 } },
    });
  });

  it('signs in with a code after the password; a wrong code, a replayed one and one from an older step are refused', async () => {
    await staffAccount('signin@example.com', 'admin');
    const { secret } = await enrol('signin@example.com');

    const challenge = await passwordStep('signin@example.com');
    const current = await codeAt(secret);
    const wrong = await call('POST', '/auth/login/two-factor', undefined, {
      challenge,
      code: current === '123456' ? '654321' : '123456',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { code: 'invalid_code' } });
    // The enrolment's own code, still on screen in the app: used already.
    const replayed = await call('POST', '/auth/login/two-factor', undefined, { challenge, code: current });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toMatchObject({ error: { code: 'invalid_code', message: USED_CODE_MESSAGE } });

    advance(30_000);
    const code = await codeAt(secret);
    const signedIn = await tokensOf(await call('POST', '/auth/login/two-factor', undefined, { challenge, code }));
    const user = await call('GET', '/auth/user', signedIn.access);
    expect(await user.json()).toMatchObject({ user: { email: 'signin@example.com', role: 'admin' } });

    // The same code again, with a fresh challenge (someone who watched it typed): refused.
    const second = await passwordStep('signin@example.com');
    expect((await call('POST', '/auth/login/two-factor', undefined, { challenge: second, code })).status).toBe(401);
    // The step before is within the tolerance but older than the last one used: refused too.
    expect(
      (
        await call('POST', '/auth/login/two-factor', undefined, {
          challenge: second,
          code: await codeAt(secret, now - 30_000),
        })
      ).status,
    ).toBe(401);

    // A challenge is not a session and does not last: five minutes.
    advance(5 * MINUTE + 1000);
    const late = await call('POST', '/auth/login/two-factor', undefined, {
      challenge: second,
      code: await codeAt(secret),
    });
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ error: { code: 'invalid_token' } });
    // Nor can one be made up or altered.
    const forged = (await passwordStep('signin@example.com')).replace(/^\d+/, '1');
    expect(
      (await call('POST', '/auth/login/two-factor', undefined, { challenge: forged, code: await codeAt(secret) }))
        .status,
    ).toBe(401);
  });

  it('takes the code once when two requests race with it', async () => {
    await staffAccount('race@example.com', 'editor');
    const { secret } = await enrol('race@example.com');
    advance(30_000);
    const [first, second] = await Promise.all([passwordStep('race@example.com'), passwordStep('race@example.com')]);
    const code = await codeAt(secret);
    const answers = await Promise.all([
      call('POST', '/auth/login/two-factor', undefined, { challenge: first, code }),
      call('POST', '/auth/login/two-factor', undefined, { challenge: second, code }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('accepts each recovery code once, even from two requests at the same moment', async () => {
    await staffAccount('recovery@example.com', 'moderator');
    const { recoveryCodes } = await enrol('recovery@example.com');
    const [code = ''] = recoveryCodes;
    const [first, second] = await Promise.all([
      passwordStep('recovery@example.com'),
      passwordStep('recovery@example.com'),
    ]);
    const answers = await Promise.all([
      call('POST', '/auth/login/two-factor', undefined, { challenge: first, code }),
      call('POST', '/auth/login/two-factor', undefined, { challenge: second, code: ` ${code.toUpperCase()} ` }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.status === 200);
    const { access } = await tokensOf(winner as Response);

    const third = await passwordStep('recovery@example.com');
    expect((await call('POST', '/auth/login/two-factor', undefined, { challenge: third, code })).status).toBe(401);
    // Another one still works, written without its dashes.
    const other = (recoveryCodes[1] ?? '').replaceAll('-', '');
    expect((await call('POST', '/auth/login/two-factor', undefined, { challenge: third, code: other })).status).toBe(
      200,
    );
    const overview = securityOverviewSchema.parse(
      ((await (await call('GET', '/cms/security', access)).json()) as { data: unknown }).data,
    );
    expect(overview.twoFactor.recoveryCodesLeft).toBe(8);
  });

  it('allows five wrong codes per challenge, then asks for the password again', async () => {
    await staffAccount('guess@example.com', 'editor');
    const { secret } = await enrol('guess@example.com');
    advance(30_000);
    const challenge = await passwordStep('guess@example.com');
    const right = await codeAt(secret);
    const wrongCode = right === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call('POST', '/auth/login/two-factor', undefined, { challenge, code: wrongCode })).status).toBe(
        401,
      );
    }
    const refused = await call('POST', '/auth/login/two-factor', undefined, { challenge, code: right });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    // A new challenge (the password again) goes on, within the account's own limit.
    const fresh = await passwordStep('guess@example.com');
    expect((await call('POST', '/auth/login/two-factor', undefined, { challenge: fresh, code: right })).status).toBe(
      200,
    );
  });

  it('regenerates recovery codes and turns off with a fresh code; members sign in as before', async () => {
    await staffAccount('renew@example.com', 'editor');
    const { secret, recoveryCodes, access } = await enrol('renew@example.com');
    advance(30_000);
    const renewed = await call('POST', '/cms/security/two-factor/recovery-codes', access, {
      code: await codeAt(secret),
    });
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as { data: { recoveryCodes: string[] } }).data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    // The old codes stopped working.
    const challenge = await passwordStep('renew@example.com');
    expect(
      (await call('POST', '/auth/login/two-factor', undefined, { challenge, code: recoveryCodes[0] })).status,
    ).toBe(401);

    // Turning off needs a code too: the same one again is refused, a recovery code does it.
    expect(
      (await call('POST', '/cms/security/two-factor/disable', access, { code: await codeAt(secret) })).status,
    ).toBe(400);
    expect((await call('POST', '/cms/security/two-factor/disable', access, { code: fresh[0] })).status).toBe(200);
    await tokensOf(await call('POST', '/auth/login', undefined, { email: 'renew@example.com', password: PASSWORD }));

    const registered = await call('POST', '/auth/register', undefined, {
      email: 'fan@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    await tokensOf(await call('POST', '/auth/login', undefined, { email: 'fan@example.com', password: PASSWORD }));
  });

  it('requires two-factor sign-in of all staff when an admin says so; the others must enrol first', async () => {
    await staffAccount('chief@example.com', 'admin');
    const lateId = await staffAccount('late@example.com', 'admin');
    const { access: late } = await tokensOf(
      await call('POST', '/auth/login', undefined, { email: 'late@example.com', password: PASSWORD }),
    );
    const { access: chief } = await enrol('chief@example.com');

    // Only cms:settings may change it, and not before having it oneself.
    expect((await call('PUT', '/cms/security/policy', late, { requireTwoFactor: true })).status).toBe(409);
    const set = await call('PUT', '/cms/security/policy', chief, { requireTwoFactor: true });
    expect(set.status).toBe(200);

    // Staff without it: every CMS call but setting it up answers 403 with what to do.
    const blocked = await call('GET', '/cms/audit', late);
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ error: { code: 'two_factor_enrolment_required' } });
    const overview = securityOverviewSchema.parse(
      ((await (await call('GET', '/cms/security', late)).json()) as { data: unknown }).data,
    );
    expect(overview).toMatchObject({ enrolmentRequired: true, policy: { requireTwoFactor: true } });
    await enrol('late@example.com');
    expect((await call('GET', '/cms/audit', late)).status).toBe(200);

    // An admin resets a colleague who lost their phone: off, and audited.
    const reset = await call('POST', `/cms/staff/${lateId}/two-factor/reset`, chief);
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ data: { userId: lateId, wasEnabled: true } });
    expect((await call('GET', '/cms/audit', late)).status).toBe(403);
    expect((await call('POST', `/cms/staff/${lateId}/two-factor/reset`, late)).status).toBe(403);

    advance(30_000);
    const log = auditPageSchema.parse(
      ((await (await call('GET', '/cms/audit', chief)).json()) as { data: unknown }).data,
    );
    const actions = log.entries.map((entry) => entry.action);
    expect(actions).toContain('two-factor.reset');
    expect(log.entries.find((entry) => entry.action === 'staff-policy.require-two-factor')).toMatchObject({
      changes: { before: { requireTwoFactor: false }, after: { requireTwoFactor: true } },
    });

    // Back off, for the tests that follow.
    expect((await call('PUT', '/cms/security/policy', chief, { requireTwoFactor: false })).status).toBe(200);
  });

  it('ends a staff session after 30 minutes without a request, not after 29; members keep theirs', async () => {
    await staffAccount('idle@example.com', 'editor');
    const staff = await tokensOf(
      await call('POST', '/auth/login', undefined, { email: 'idle@example.com', password: PASSWORD }),
    );
    const member = await tokensOf(
      await call('POST', '/auth/login', undefined, { email: 'fan@example.com', password: PASSWORD }),
    );

    // Requests a few seconds apart write the activity once a minute at most.
    const family = () =>
      t.database.handle.db
        .selectFrom('refresh_token_family as f')
        .innerJoin('user_account as u', 'u.id', 'f.user_id')
        .select(['f.last_used_at', 'f.revoked_reason'])
        .where('u.email', '=', 'idle@example.com')
        .orderBy('f.id', 'desc')
        .executeTakeFirstOrThrow();
    const before = (await family()).last_used_at;
    advance(20_000);
    expect((await call('GET', '/auth/user', staff.access)).status).toBe(200);
    expect(String((await family()).last_used_at)).toBe(String(before));

    advance(29 * MINUTE);
    expect((await call('GET', '/auth/user', staff.access)).status).toBe(200);
    advance(29 * MINUTE);
    expect((await call('GET', '/auth/user', staff.access)).status).toBe(200);
    expect((await call('GET', '/auth/user', member.access)).status).toBe(200);

    advance(30 * MINUTE);
    expect((await call('GET', '/auth/user', staff.access)).status).toBe(401);
    expect((await family()).revoked_reason).toBe('idle');
    // The refresh token is no way back in, and says why.
    const refreshed = await call('POST', '/auth/refresh-token', undefined, { refresh_token: staff.refresh });
    expect(refreshed.status).toBe(401);
    expect(await refreshed.json()).toMatchObject({ error: { code: 'session_idle', message: IDLE_SIGNED_OUT_MESSAGE } });
    // A member idle as long is still signed in.
    expect((await call('GET', '/auth/user', member.access)).status).toBe(200);
  });

  it('ends an idle staff session at its refresh too, when the access token has run out meanwhile', async () => {
    await staffAccount('sleepy@example.com', 'moderator');
    const staff = await tokensOf(
      await call('POST', '/auth/login', undefined, { email: 'sleepy@example.com', password: PASSWORD }),
    );
    advance(2 * 60 * MINUTE + MINUTE);
    const refreshed = await call('POST', '/auth/refresh-token', undefined, { refresh_token: staff.refresh });
    expect(refreshed.status).toBe(401);
    expect(await refreshed.json()).toMatchObject({ error: { code: 'session_idle' } });
  });
});
