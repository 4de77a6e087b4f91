// The accounts API (issue #6, spec §7, DESIGN.md §6). Sign-in and registration
// answer `{ data: { token: { access_token, refresh_token, expires_in }, user } }`;
// the user call answers `{ user }`. API clients send `Authorization: Bearer`;
// the web app's cookies are accepted too (writes then pass the CSRF check in
// server/http.ts). No token ever goes into a URL or a log line.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Logger } from 'pino';
import { z } from 'zod';
import { FORGOT_PASSWORD_MESSAGE } from '../../../domain/account-contracts.ts';
import {
  accountPreferencesPatchSchema,
  accountPreferencesReplaceSchema,
  accountPreferencesResponseSchema,
} from '../../../domain/account-preferences-contracts.ts';
import { safeLocalPath } from '../../../domain/redirect.ts';
import { clientAddress } from '../../platform/client-address.ts';
import type { Config } from '../../platform/config.ts';
import { errorBody, errorBodySchema } from '../../platform/http-errors.ts';
import {
  authResponseSchema,
  changePasswordInputSchema,
  deviceFavouritesSchema,
  favouriteParamsSchema,
  favouriteSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  logoutInputSchema,
  refreshInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  sessionSchema,
  twoFactorRequiredSchema,
  twoFactorSignInInputSchema,
  userResponseSchema,
  userSchema,
} from './auth.schemas.ts';
import { favouritesAsDevice, type AccountService, type AuthFailure, type IssuedSession } from './auth.service.ts';
import { OIDC_STATE_COOKIE, type OidcService } from './auth.oidc.ts';
import type { PreferencesService } from './auth.preferences.ts';
import { readCookies, secureCookiesFor, type RequestAuth, type SessionService } from './auth.session.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});
const error = (description: string) => json(errorBodySchema, description);

const routes = {
  register: createRoute({
    method: 'post',
    path: '/auth/register',
    summary: 'Create an account and sign in',
    request: body(registerInputSchema),
    responses: {
      201: json(authResponseSchema, 'Signed in'),
      400: error('Invalid input, naming the field'),
      409: error('The email address has an account'),
    },
  }),
  login: createRoute({
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in with email and password',
    request: body(loginInputSchema),
    responses: {
      200: json(authResponseSchema, 'Signed in'),
      400: error('Invalid input'),
      401: json(
        errorBodySchema.or(twoFactorRequiredSchema),
        'Wrong email or password (one answer for both); or, for an account with two-factor sign-in, ' +
          '`two_factor_required` with a challenge to send to /auth/login/two-factor with the code',
      ),
      403: error('The password is right but the account is suspended; the message gives the reason'),
      429: error('Too many failures for this account or address; see Retry-After'),
    },
  }),
  loginTwoFactor: createRoute({
    method: 'post',
    path: '/auth/login/two-factor',
    summary:
      'Second step of a two-factor sign-in: the challenge and a code from the authenticator app, or a recovery code',
    description:
      'Each code is accepted once. A challenge lasts five minutes and allows five wrong codes; the account allows ten in 15 minutes.',
    request: body(twoFactorSignInInputSchema),
    responses: {
      200: json(authResponseSchema, 'Signed in'),
      400: error('Invalid input'),
      401: error(
        'A wrong or already used code (`invalid_code`), or an expired challenge (`invalid_token`: sign in again)',
      ),
      403: error('The account is suspended'),
      429: error('Too many wrong codes; see Retry-After'),
    },
  }),
  refresh: createRoute({
    method: 'post',
    path: '/auth/refresh-token',
    summary: 'Exchange a refresh token for new tokens (rotation; reuse revokes the session)',
    request: body(refreshInputSchema),
    responses: {
      200: json(authResponseSchema, 'New tokens'),
      400: error('Invalid input'),
      401: error('Unknown, expired, revoked or reused refresh token'),
    },
  }),
  logout: createRoute({
    method: 'post',
    path: '/auth/logout',
    summary: 'End this session (Bearer token, cookies or refresh_token)',
    request: { body: { required: false, content: { 'application/json': { schema: logoutInputSchema } } } },
    responses: { 200: json(z.object({ data: z.object({ signedOut: z.literal(true) }) }), 'Signed out') },
  }),
  user: createRoute({
    method: 'get',
    path: '/auth/user',
    summary: 'The signed-in user',
    responses: { 200: json(userResponseSchema, 'The user'), 401: error('Not signed in') },
  }),
  forgot: createRoute({
    method: 'post',
    path: '/auth/forgot-password',
    summary: 'Mail a single-use password reset link (same answer whether or not the account exists)',
    request: body(forgotPasswordInputSchema),
    responses: {
      202: json(z.object({ data: z.object({ message: z.string() }) }), 'Accepted'),
      400: error('Invalid input'),
      429: error('Too many requests from this address; see Retry-After'),
    },
  }),
  reset: createRoute({
    method: 'post',
    path: '/auth/reset-password',
    summary: 'Set a new password with a reset token; every session is signed out',
    request: body(resetPasswordInputSchema),
    responses: {
      200: json(z.object({ data: z.object({ user: userSchema }) }), 'Password changed'),
      400: error('Invalid input or an unusable link'),
    },
  }),
  changePassword: createRoute({
    method: 'post',
    path: '/auth/password',
    summary: 'Change the password; other sessions are signed out',
    request: body(changePasswordInputSchema),
    responses: {
      200: json(z.object({ data: z.object({ changed: z.literal(true) }) }), 'Changed'),
      400: error('Invalid input'),
      401: error('Not signed in'),
    },
  }),
  sessions: createRoute({
    method: 'get',
    path: '/auth/sessions',
    summary: 'Active sessions of the signed-in user',
    responses: { 200: json(z.object({ data: z.array(sessionSchema) }), 'Sessions'), 401: error('Not signed in') },
  }),
  revokeSession: createRoute({
    method: 'delete',
    path: '/auth/sessions/{id}',
    summary: 'Sign out one session',
    request: {
      params: z.object({
        id: z
          .string()
          .regex(/^[1-9]\d{0,15}$/, 'must be a session id')
          .transform(Number),
      }),
    },
    responses: {
      200: json(z.object({ data: z.object({ revoked: z.literal(true) }) }), 'Revoked'),
      401: error('Not signed in'),
      404: error('No such active session'),
    },
  }),
  favourites: createRoute({
    method: 'get',
    path: '/auth/favourites',
    summary: "The signed-in user's favourite teams, competitions and matches",
    responses: {
      200: json(
        z.object({ data: deviceFavouritesSchema.extend({ items: z.array(favouriteSchema) }) }),
        'Favourites: ids and codes by kind, and each with its name',
      ),
      401: error('Not signed in'),
    },
  }),
  addFavourite: createRoute({
    method: 'put',
    path: '/auth/favourites/{kind}/{ref}',
    summary: 'Star a team, competition or match (idempotent)',
    request: { params: favouriteParamsSchema },
    responses: {
      200: json(z.object({ data: z.object({ starred: z.literal(true) }) }), 'Starred'),
      401: error('Not signed in'),
      404: error('No such team, competition or match'),
    },
  }),
  removeFavourite: createRoute({
    method: 'delete',
    path: '/auth/favourites/{kind}/{ref}',
    summary: 'Unstar a team, competition or match (idempotent)',
    request: { params: favouriteParamsSchema },
    responses: {
      200: json(z.object({ data: z.object({ starred: z.literal(false) }) }), 'Unstarred'),
      401: error('Not signed in'),
    },
  }),
  preferences: createRoute({
    method: 'get',
    path: '/auth/preferences',
    summary: "The signed-in user's display settings",
    description:
      'The settings that follow the account from device to device: hide odds, the odds format, chat masking, ' +
      'spoiler-safe mode (every score, or chosen teams) and the live-update delay. Each is the account’s choice, ' +
      'or the default where `saved` does not name it. Cookie or Bearer.',
    responses: {
      200: json(
        accountPreferencesResponseSchema,
        'The settings, which the account chose, and when it last changed one',
      ),
      401: error('Not signed in'),
    },
  }),
  replacePreferences: createRoute({
    method: 'put',
    path: '/auth/preferences',
    summary: "Replace the signed-in user's display settings",
    description:
      'Every setting is required; an unknown field is refused. With cookies, the request must come from this site ' +
      '(Origin). Answers the settings as stored.',
    request: body(accountPreferencesReplaceSchema),
    responses: {
      200: json(accountPreferencesResponseSchema, 'Saved'),
      400: error('Invalid input, naming each field; nothing was changed'),
      401: error('Not signed in'),
      403: error('A cross-site request carrying the session cookies'),
    },
  }),
  updatePreferences: createRoute({
    method: 'patch',
    path: '/auth/preferences',
    summary: "Change some of the signed-in user's display settings",
    description:
      'Only the settings sent change (at least one); the others keep their values, also when another device ' +
      'changes them at the same moment. With cookies, the request must come from this site (Origin).',
    request: body(accountPreferencesPatchSchema),
    responses: {
      200: json(accountPreferencesResponseSchema, 'Saved'),
      400: error('Invalid input, naming each field; nothing was changed'),
      401: error('Not signed in'),
      403: error('A cross-site request carrying the session cookies'),
    },
  }),
  revokeAll: createRoute({
    method: 'post',
    path: '/auth/sessions/revoke-all',
    summary: 'Sign out everywhere',
    responses: {
      200: json(z.object({ data: z.object({ revoked: z.number().int() }) }), 'Revoked'),
      401: error('Not signed in'),
    },
  }),
};

function failureBody(failure: AuthFailure) {
  return errorBody(failure.code, failure.message, 'fields' in failure ? failure.fields : undefined);
}

function tokenBody(session: IssuedSession) {
  return { data: { token: session.token, user: session.user } };
}

const UNAUTHENTICATED = errorBody('unauthenticated', 'Sign in to continue');

/** What the accounts API uses: the registrar receives these, not the whole composition root (issue #18). */
export interface AuthRouteServices {
  accounts: AccountService;
  /** The display settings that follow the account. */
  preferences: PreferencesService;
  sessions: SessionService;
  oidc: OidcService;
  config: Pick<Config, 'BASE_URL' | 'TRUST_PROXY'>;
  logger: Logger;
}

export function authRoutes(services: AuthRouteServices, app: OpenAPIHono) {
  const { accounts, preferences, sessions, config, oidc } = services;

  function requestAuth(c: Context): RequestAuth {
    return sessions.forRequest(c.req.raw, clientAddress(c, config.TRUST_PROXY));
  }

  /** Puts the session's Set-Cookie headers (a refresh, a sign-out) on the answer; never cached. */
  function sendCookies(c: Context, auth: RequestAuth) {
    for (const value of auth.setCookieHeaders()) c.header('Set-Cookie', value, { append: true });
    c.header('Cache-Control', 'private, no-store');
  }

  app.openapi(routes.register, async (c) => {
    const result = await accounts.register(c.req.valid('json'), requestAuth(c).meta);
    c.header('Cache-Control', 'no-store');
    if (!result.ok)
      return result.code === 'email_taken' ? c.json(failureBody(result), 409) : c.json(failureBody(result), 400);
    return c.json(tokenBody(result.session), 201);
  });

  app.openapi(routes.login, async (c) => {
    const result = await accounts.login(c.req.valid('json'), requestAuth(c).meta);
    c.header('Cache-Control', 'no-store');
    if (result.ok) return c.json(tokenBody(result.session), 200);
    if (result.code === 'two_factor_required') {
      return c.json(
        {
          error: { code: result.code, message: result.message },
          challenge: { token: result.challenge, expires_in: result.expiresInSeconds },
        },
        401,
      );
    }
    if (result.code === 'throttled') {
      c.header('Retry-After', String(result.retryAfterSeconds));
      return c.json(failureBody(result), 429);
    }
    if (result.code === 'suspended') return c.json(failureBody(result), 403);
    return result.code === 'invalid_input' ? c.json(failureBody(result), 400) : c.json(failureBody(result), 401);
  });

  app.openapi(routes.loginTwoFactor, async (c) => {
    const result = await accounts.completeTwoFactorSignIn(c.req.valid('json'), requestAuth(c).meta);
    c.header('Cache-Control', 'no-store');
    if (result.ok) return c.json(tokenBody(result.session), 200);
    if (result.code === 'throttled') {
      c.header('Retry-After', String(result.retryAfterSeconds));
      return c.json(failureBody(result), 429);
    }
    if (result.code === 'suspended') return c.json(failureBody(result), 403);
    return result.code === 'invalid_input' ? c.json(failureBody(result), 400) : c.json(failureBody(result), 401);
  });

  app.openapi(routes.refresh, async (c) => {
    const result = await accounts.refresh(c.req.valid('json'), requestAuth(c).meta);
    c.header('Cache-Control', 'no-store');
    if (result.ok) return c.json(tokenBody(result.session), 200);
    return result.code === 'invalid_input' ? c.json(failureBody(result), 400) : c.json(failureBody(result), 401);
  });

  app.openapi(routes.logout, async (c) => {
    const auth = requestAuth(c);
    let refreshToken: string | undefined;
    try {
      const parsed = logoutInputSchema.safeParse(await c.req.json());
      refreshToken = parsed.success ? parsed.data.refresh_token : undefined;
    } catch {
      refreshToken = undefined;
    }
    if (refreshToken) await accounts.logoutByRefreshToken(refreshToken);
    await auth.signOut();
    sendCookies(c, auth);
    return c.json({ data: { signedOut: true as const } }, 200);
  });

  app.openapi(routes.user, async (c) => {
    const auth = requestAuth(c);
    const current = await auth.currentUser();
    const user = current ? await accounts.getUser(current.id) : null;
    sendCookies(c, auth);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    return c.json({ user }, 200);
  });

  app.openapi(routes.forgot, async (c) => {
    const result = await accounts.requestPasswordReset(c.req.valid('json'), requestAuth(c).meta);
    if (!result.ok && result.code === 'throttled') {
      c.header('Retry-After', String(result.retryAfterSeconds));
      return c.json(failureBody(result), 429);
    }
    if (!result.ok) return c.json(failureBody(result), 400);
    return c.json({ data: { message: FORGOT_PASSWORD_MESSAGE } }, 202);
  });

  app.openapi(routes.reset, async (c) => {
    const result = await accounts.resetPassword(c.req.valid('json'), requestAuth(c).meta);
    if (!result.ok) return c.json(failureBody(result), 400);
    return c.json({ data: { user: result.user } }, 200);
  });

  app.openapi(routes.changePassword, async (c) => {
    const auth = requestAuth(c);
    const user = await auth.currentUser();
    sendCookies(c, auth);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    const result = await accounts.changePassword(user.id, user.familyId, c.req.valid('json'));
    if (!result.ok)
      return result.code === 'invalid_input' ? c.json(failureBody(result), 400) : c.json(failureBody(result), 401);
    return c.json({ data: { changed: true as const } }, 200);
  });

  app.openapi(routes.sessions, async (c) => {
    const auth = requestAuth(c);
    const user = await auth.currentUser();
    sendCookies(c, auth);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    return c.json({ data: await accounts.listSessions(user.id, user.familyId) }, 200);
  });

  app.openapi(routes.revokeSession, async (c) => {
    const auth = requestAuth(c);
    const user = await auth.currentUser();
    if (!user) {
      sendCookies(c, auth);
      return c.json(UNAUTHENTICATED, 401);
    }
    const { id } = c.req.valid('param');
    const revoked = await accounts.revokeSession(user.id, id);
    if (revoked && id === user.familyId) auth.clearCookies();
    sendCookies(c, auth);
    if (!revoked) return c.json(errorBody('not_found', 'No such active session'), 404);
    return c.json({ data: { revoked: true as const } }, 200);
  });

  app.openapi(routes.revokeAll, async (c) => {
    const auth = requestAuth(c);
    const user = await auth.currentUser();
    if (!user) {
      sendCookies(c, auth);
      return c.json(UNAUTHENTICATED, 401);
    }
    const revoked = await accounts.revokeAllSessions(user.id);
    auth.clearCookies();
    sendCookies(c, auth);
    return c.json({ data: { revoked } }, 200);
  });

  app.openapi(routes.favourites, async (c) => {
    const auth = requestAuth(c);
    const user = await auth.currentUser();
    sendCookies(c, auth);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    const items = await accounts.listFavourites(user.id);
    return c.json({ data: { ...favouritesAsDevice(items), items } }, 200);
  });

  app.openapi(routes.addFavourite, async (c) => {
    const auth = requestAuth(c);
    const user = await auth.currentUser();
    sendCookies(c, auth);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    const { kind, ref } = c.req.valid('param');
    if (!(await accounts.addFavourite(user.id, kind, ref)))
      return c.json(errorBody('not_found', `No ${kind} ${ref} to star`), 404);
    return c.json({ data: { starred: true as const } }, 200);
  });

  app.openapi(routes.removeFavourite, async (c) => {
    const auth = requestAuth(c);
    const user = await auth.currentUser();
    sendCookies(c, auth);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    const { kind, ref } = c.req.valid('param');
    await accounts.removeFavourite(user.id, kind, ref);
    return c.json({ data: { starred: false as const } }, 200);
  });

  app.openapi(routes.preferences, async (c) => {
    const auth = requestAuth(c);
    const user = await auth.currentUser();
    sendCookies(c, auth);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    return c.json({ data: await preferences.get(user.id) }, 200);
  });

  app.openapi(routes.replacePreferences, async (c) => {
    const auth = requestAuth(c);
    const user = await auth.currentUser();
    sendCookies(c, auth);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    return c.json({ data: await preferences.replace(user.id, c.req.valid('json')) }, 200);
  });

  app.openapi(routes.updatePreferences, async (c) => {
    const auth = requestAuth(c);
    const user = await auth.currentUser();
    sendCookies(c, auth);
    if (!user) return c.json(UNAUTHENTICATED, 401);
    return c.json({ data: await preferences.update(user.id, c.req.valid('json')) }, 200);
  });

  // ---- OpenID Connect: browser redirects, not JSON (kept out of the OpenAPI document) ----
  app.get('/auth/oidc/start', async (c) => {
    if (!oidc.enabled) return c.json(errorBody('not_found', 'Social sign-in is not configured'), 404);
    const returnTo = safeLocalPath(c.req.query('redirect'), '/');
    try {
      const started = await oidc.start(returnTo);
      c.header('Set-Cookie', oidc.stateCookieHeader(started.stateCookie, secureCookiesFor(c.req.raw, config)));
      c.header('Cache-Control', 'no-store');
      return c.redirect(started.url, 302);
    } catch (failure) {
      services.logger.error({ err: failure }, 'OIDC: the provider could not be reached');
      return c.redirect(`/login?error=oidc`, 302);
    }
  });

  app.get('/auth/oidc/callback', async (c) => {
    if (!oidc.enabled) return c.json(errorBody('not_found', 'Social sign-in is not configured'), 404);
    const auth = requestAuth(c);
    c.header('Set-Cookie', oidc.stateCookieHeader('', secureCookiesFor(c.req.raw, config)), { append: true });
    c.header('Cache-Control', 'no-store');
    let finished: Awaited<ReturnType<typeof oidc.finish>>;
    try {
      finished = await oidc.finish(new URL(c.req.url).search, readCookies(c.req.raw).get(OIDC_STATE_COOKIE));
    } catch (failure) {
      // The message only: the error may quote parameters of the callback URL.
      services.logger.warn({ reason: failure instanceof Error ? failure.name : 'unknown' }, 'OIDC callback refused');
      return c.redirect('/login?error=oidc', 302);
    }
    const result = await accounts.signInWithOidc(finished.claims, auth.meta);
    if (!result.ok && result.code === 'two_factor_required') {
      // The provider stood in for the password; the code is asked at the staff door.
      auth.holdTwoFactorChallenge(result.challenge, result.expiresInSeconds);
      for (const value of auth.setCookieHeaders()) c.header('Set-Cookie', value, { append: true });
      return c.redirect(`/cms/login?redirect=${encodeURIComponent(safeLocalPath(finished.returnTo, '/'))}`, 302);
    }
    if (!result.ok) return c.redirect(`/login?error=${result.code === 'suspended' ? 'suspended' : 'oidc-email'}`, 302);
    auth.signIn(result.session);
    for (const value of auth.setCookieHeaders()) c.header('Set-Cookie', value, { append: true });
    return c.redirect(safeLocalPath(finished.returnTo, '/'), 302);
  });
}
