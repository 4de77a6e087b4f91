// What the account pages' actions share: reading a form, turning a service
// refusal into a form answer (status, field errors, the input kept — never a
// password), and signing in through the request's session so its cookies go
// out with the response.
import { data, redirectDocument, type RouterContextProvider } from 'react-router';
import { safeLocalPath } from '../../../domain/redirect.ts';
import type { AuthFailure } from '../../../server/modules/auth/auth.service.ts';
import { getRequestAuth, getServices } from '../../../server/router-context.server.ts';
import { preferenceCookies } from '../preferences/account-preferences.server.ts';
import type { FormFailure, FormResult } from './form-parts.tsx';

const PASSWORD_FIELDS = new Set(['password', 'currentPassword', 'newPassword']);

export function readForm(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** The values a failed form shows again: everything except passwords. */
function keptValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !PASSWORD_FIELDS.has(name)));
}

function statusOf(failure: AuthFailure): number {
  switch (failure.code) {
    case 'invalid_input':
      return 400;
    case 'email_taken':
      return 409;
    case 'throttled':
      return 429;
    case 'suspended':
      return 403;
    default:
      return 401;
  }
}

function retryText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'about a minute' : `${minutes} minutes`;
}

/** Which form of a page with several an answer belongs to. */
export interface AnswerTag {
  intent?: string;
}

export function formFailure(failure: AuthFailure, values: Record<string, string>, tag: AnswerTag = {}) {
  const fields = 'fields' in failure ? failure.fields : {};
  let message = failure.code === 'invalid_input' ? 'Please correct the fields marked below.' : failure.message;
  const headers: Record<string, string> = {};
  if (failure.code === 'throttled') {
    message = `${failure.message} in ${retryText(failure.retryAfterSeconds)}.`;
    headers['Retry-After'] = String(failure.retryAfterSeconds);
  }
  const body: FormFailure & AnswerTag = { ok: false, message, fields, values: keptValues(values), ...tag };
  return data<FormResult & AnswerTag>(body, { status: statusOf(failure), headers });
}

export function formMessage(message: string, tag: AnswerTag = {}) {
  return data<FormResult & AnswerTag>({ ok: true, message, ...tag });
}

/** Where to go after signing in: the `redirect` field when it is a safe local path (spec §2, §5). */
export function redirectTarget(value: string | null | undefined, fallback = '/'): string {
  return safeLocalPath(value ?? undefined, fallback);
}

type Context = Readonly<RouterContextProvider>;

/** Sign-in or registration from a page or a popup; a success reloads the target document. */
export async function signInFromForm(request: Request, context: Context, kind: 'login' | 'register') {
  const form = await request.formData();
  const names = kind === 'login' ? ['email', 'password'] : ['email', 'password', 'displayName', 'phone'];
  const values = readForm(form, [...names, 'redirect']);
  const { accounts } = getServices(context);
  const auth = getRequestAuth(context);
  const favourites = form.get('device_favourites');
  const result =
    kind === 'login'
      ? await accounts.login(values, auth.meta, typeof favourites === 'string' ? favourites : undefined)
      : await accounts.register(values, auth.meta, typeof favourites === 'string' ? favourites : undefined);
  if (!result.ok && result.code === 'two_factor_required') {
    // A staff account with two-factor sign-in (issue #20): its code is asked at the staff door, which then
    // comes back here. The challenge proves the password, nothing more.
    auth.holdTwoFactorChallenge(result.challenge, result.expiresInSeconds);
    throw redirectDocument(`/cms/login?redirect=${encodeURIComponent(redirectTarget(values.redirect))}`);
  }
  if (!result.ok) return formFailure(result, values);
  auth.signIn(result.session);
  // The account's display settings (hide odds, spoiler-safe) on this device before the next page renders.
  const headers = new Headers();
  const settings = await getServices(context).preferences.get(result.session.user.id);
  for (const line of preferenceCookies(settings, auth.secureCookies)) headers.append('Set-Cookie', line);
  // A full document load: every part of the page (the header too) renders for the signed-in user.
  throw redirectDocument(redirectTarget(values.redirect), { headers });
}
