// Social sign-in end to end against a local OpenID Connect provider (the
// oidc-provider library, started here; no internet): PKCE, state and nonce,
// account creation and linking by verified email, refusals.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { generate } from 'otplib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES, createTestDatabase } from '../../../tests/helpers/test-database.ts';
import { createHttpApp } from '../../http.ts';
import { loadConfig } from '../../platform/config.ts';
import { createMetrics } from '../../platform/metrics.ts';
import { createServices } from '../../services.ts';

const ORIGIN = 'http://localhost:3000';
const REDIRECT_URI = `${ORIGIN}/api/auth/oidc/callback`;

interface TestAccount {
  email: string;
  emailVerified: boolean;
  name: string;
}

/** The account the provider signs in next (the test sets it before each flow). */
let nextAccount: { id: string; account: TestAccount } = {
  id: 'u1',
  account: { email: 'x@example.com', emailVerified: true, name: 'X' },
};
const accounts = new Map<string, TestAccount>();

async function startProvider(): Promise<{ issuer: string; close: () => Promise<void> }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' };
  let server: Server | undefined;
  const ready = new Promise<number>((resolve) => {
    server = createServer();
    server.listen(0, '127.0.0.1', () => resolve((server?.address() as AddressInfo).port));
  });
  const port = await ready;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'scoreline',
        client_secret: 'provider-secret-provider-secret',
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['cookie-key-for-the-test-provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: account.email, email_verified: account.emailVerified, name: account.name }),
      };
    },
  });
  const handle = provider.callback();
  server?.on('request', (req, res) => {
    const interaction = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!interaction) return handle(req, res);
    // The provider's login and consent pages: sign in `nextAccount` and grant the scopes at once.
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      accounts.set(nextAccount.id, nextAccount.account);
      const grant = new provider.Grant({ accountId: nextAccount.id, clientId: 'scoreline' });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextAccount.id }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return { issuer, close: () => new Promise<void>((resolve) => server?.close(() => resolve())) };
}

/** Follows the browser's redirects through the provider with its cookies, until it comes back to our callback. */
async function browseToCallback(startLocation: string): Promise<URL> {
  const jar = new Map<string, string>();
  let location = startLocation;
  for (let hop = 0; hop < 10; hop += 1) {
    if (location.startsWith(REDIRECT_URI)) return new URL(location);
    const response = await fetch(location, {
      redirect: 'manual',
      headers: { Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = (pair ?? '').indexOf('=');
      jar.set((pair ?? '').slice(0, index), (pair ?? '').slice(index + 1));
    }
    const next = response.headers.get('location');
    if (!next) throw new Error(`The provider stopped at ${location} with ${response.status}: ${await response.text()}`);
    location = new URL(next, location).href;
  }
  throw new Error('Too many redirects');
}

describe.each(TEST_ENGINES)('social sign-in (OpenID Connect) on %s', (engine) => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let t: Awaited<ReturnType<typeof build>>;

  async function build() {
    const database = await createTestDatabase(engine);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      BASE_URL: ORIGIN,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'scoreline',
      OIDC_CLIENT_SECRET: 'provider-secret-provider-secret',
      OIDC_NAME: 'Test ID',
    });
    const services = createServices({
      config,
      logger: pino({ level: 'silent' }),
      database: database.handle,
      sessionSecret: 'test-secret-test-secret-test-secret-000',
    });
    return { app: createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) }), services, database };
  }

  beforeAll(async () => {
    provider = await startProvider();
    t = await build();
  });
  afterAll(async () => {
    await t.database.destroy();
    await provider.close();
  });

  /** Start → provider → callback, as a browser would. */
  async function signIn(account: { id: string; account: TestAccount }, returnTo = '/account') {
    nextAccount = account;
    const start = await t.app.request(`${ORIGIN}/api/auth/oidc/start?redirect=${encodeURIComponent(returnTo)}`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const stateCookie =
      start.headers
        .getSetCookie()
        .find((line) => line.startsWith('scoreline_oidc='))
        ?.split(';')[0] ?? '';
    expect(stateCookie).not.toBe('');
    const callback = await browseToCallback(authorize.href);
    return { callback, stateCookie };
  }

  async function finish(callback: URL, stateCookie: string) {
    return t.app.request(`${ORIGIN}/api/auth/oidc/callback${callback.search}`, { headers: { Cookie: stateCookie } });
  }

  function sessionCookies(response: Response): string {
    return response.headers
      .getSetCookie()
      .filter((line) => line.startsWith('scoreline_access=') || line.startsWith('scoreline_refresh='))
      .map((line) => line.split(';')[0])
      .join('; ');
  }

  it('creates an account for a verified email and signs in with cookies', async () => {
    const { callback, stateCookie } = await signIn({
      id: 'new-1',
      account: { email: 'New.Person@Example.com', emailVerified: true, name: 'New Person' },
    });
    const done = await finish(callback, stateCookie);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/account');
    const user = await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: sessionCookies(done) } });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({
      user: { email: 'new.person@example.com', displayName: 'New Person', emailVerified: true },
    });
    // The browser becomes a known device of the account (sign-in limits, issue #17).
    expect(done.headers.getSetCookie().some((line) => /^scoreline_device=[\w-]{22}\.\d+\.[\w-]{43};/.test(line))).toBe(true);
  });

  it('links to an existing password account by verified email', async () => {
    const registered = await t.app.request(`${ORIGIN}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'linked@example.com', password: 'my own passphrase' }),
    });
    const { data } = (await registered.json()) as { data: { user: { id: number } } };
    const { callback, stateCookie } = await signIn({
      id: 'link-1',
      account: { email: 'linked@example.com', emailVerified: true, name: 'Linked' },
    });
    const done = await finish(callback, stateCookie);
    const user = await t.app.request(`${ORIGIN}/api/auth/user`, { headers: { Cookie: sessionCookies(done) } });
    expect(((await user.json()) as { user: { id: number } }).user.id).toBe(data.user.id);
    const identities = await t.database.handle.db
      .selectFrom('oidc_identity')
      .select(['user_id', 'subject', 'issuer'])
      .where('subject', '=', 'link-1')
      .execute();
    expect(identities).toEqual([
      {
        user_id: engine === 'postgres' ? String(data.user.id) : data.user.id,
        subject: 'link-1',
        issuer: provider.issuer,
      },
    ]);
  });

  it('refuses to link an unverified email', async () => {
    const { callback, stateCookie } = await signIn({
      id: 'unverified-1',
      account: { email: 'linked@example.com', emailVerified: false, name: 'Impostor' },
    });
    const done = await finish(callback, stateCookie);
    expect(done.headers.get('location')).toBe('/login?error=oidc-email');
    expect(sessionCookies(done)).toBe('');
  });

  it('refuses a callback whose state does not match the browser that started it', async () => {
    const first = await signIn({
      id: 'state-1',
      account: { email: 'state@example.com', emailVerified: true, name: 'State' },
    });
    const second = await signIn({
      id: 'state-1',
      account: { email: 'state@example.com', emailVerified: true, name: 'State' },
    });
    // The first flow's callback with the second flow's cookie: state (and PKCE verifier) differ.
    const crossed = await finish(first.callback, second.stateCookie);
    expect(crossed.headers.get('location')).toBe('/login?error=oidc');
    expect(sessionCookies(crossed)).toBe('');
    const noCookie = await t.app.request(`${ORIGIN}/api/auth/oidc/callback${second.callback.search}`);
    expect(noCookie.headers.get('location')).toBe('/login?error=oidc');
  });

  it('asks a staff account with two-factor sign-in for its code: the provider stands in for the password only', async () => {
    const created = await t.services.accounts.createStaffUser({ email: 'totp@example.com', password: 'a staff passphrase', displayName: 'T', role: 'editor' });
    if (!created.ok) throw new Error(created.message);
    const { db } = t.services.database;
    const begun = await t.services.twoFactor.begin(db, created.user.id);
    if (!begun.ok) throw new Error(begun.message);
    const { secret } = begun.enrolment;
    const now = Math.floor(Date.now() / 1000);
    expect((await t.services.twoFactor.confirm(db, created.user.id, await generate({ secret, epoch: now }))).ok).toBe(true);

    const { callback, stateCookie } = await signIn({ id: 'totp-1', account: { email: 'totp@example.com', emailVerified: true, name: 'T' } }, '/cms');
    const done = await finish(callback, stateCookie);
    expect(done.headers.get('location')).toBe('/cms/login?redirect=%2Fcms');
    expect(sessionCookies(done)).toBe('');
    const challenge = /^scoreline_2fa=([^;]+)/.exec(done.headers.getSetCookie().find((line) => line.startsWith('scoreline_2fa=')) ?? '')?.[1];
    expect(challenge).toBeTruthy();
    // The code (a step on from the one that confirmed the set-up) finishes the sign-in.
    const second = await t.app.request(`${ORIGIN}/api/auth/login/two-factor`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ challenge, code: await generate({ secret, epoch: now + 30 }) }),
    });
    expect(second.status).toBe(200);
  });

  it('never sends the browser off-site after sign-in', async () => {
    const { callback, stateCookie } = await signIn(
      { id: 'redirect-1', account: { email: 'redir@example.com', emailVerified: true, name: 'R' } },
      '//evil.example',
    );
    const done = await finish(callback, stateCookie);
    expect(done.headers.get('location')).toBe('/');
  });
});
