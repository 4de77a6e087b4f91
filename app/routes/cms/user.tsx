// /cms/users/{id} (issue #20): one account — sign-up, last sign-in, live sessions,
// favourites, role, ban — and what staff do with it: ban with a reason (its
// sessions end; they read the reason at sign-in), unban, mail a password-reset
// link, erase. Scope cms:users; a moderator acts on members only, nobody on their
// own account (the server decides; the page only leaves the buttons out).
import { Form, data, redirect, useActionData, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { Field, FormAlert, failureOf } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { ConfirmAction, quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { ROLE_LABELS } from '../../../domain/account-contracts.ts';
import type { Route } from './+types/user';
import { getServices } from '../../../server/router-context.server.ts';

function userIdOf(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw data({ message: 'There is no account with this address in the CMS.' }, { status: 404 });
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request, context, 'cms:users');
  const result = await getServices(context).cms.users.view(actor, userIdOf(params.id));
  if (!result.ok) throw data({ message: result.message }, { status: 404 });
  return { user: result.user };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:users');
  const { users } = getServices(context).cms;
  const userId = userIdOf(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values = readFields(form, ['reason', 'confirmEmail']);
  const tag = { intent };
  switch (intent) {
    case 'ban': {
      const result = await users.ban(actor, userId, { reason: values.reason });
      return result.ok
        ? cmsDone('Banned: their sessions have ended, and signing in tells them the reason.', tag)
        : cmsFailure(result, values, tag);
    }
    case 'unban': {
      const result = await users.unban(actor, userId);
      return result.ok ? cmsDone('Unbanned: they can sign in again.', tag) : cmsFailure(result, values, tag);
    }
    case 'reset': {
      const result = await users.sendPasswordReset(actor, userId);
      return result.ok
        ? cmsDone(`A reset link went to ${result.email}. It works once, for 30 minutes.`, tag)
        : cmsFailure(result, values, tag);
    }
    case 'erase': {
      const result = await users.erase(actor, userId, { confirmEmail: values.confirmEmail });
      if (!result.ok) return cmsFailure(result, values, tag);
      throw redirect(`/cms/users?erased=${userId}`);
    }
    default:
      return cmsDone('Nothing was changed.', tag);
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.user ? `${args.data.user.displayName} · Users` : 'Users', noIndex: true });

function answerFor(result: CmsFormResult | undefined, ...intents: string[]) {
  return result && intents.includes(result.intent) ? result : undefined;
}

/** A refusal of a dialog's field is told beside the buttons too: the dialog has closed. */
function withFieldMessages(result: CmsFormResult | undefined): CmsFormResult | undefined {
  if (!result || result.ok || Object.keys(result.fields).length === 0) return result;
  return { ...result, message: Object.values(result.fields).join(' ') };
}

function hostOf(issuer: string): string {
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
}

export default function CmsUser({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const result = useActionData<CmsFormResult>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const banFailure = failureOf(answerFor(result, 'ban'));
  const eraseFailure = failureOf(answerFor(result, 'erase'));
  const signIn = [user.hasPassword ? 'password' : null, ...user.identityIssuers.map(hostOf)].filter(Boolean);
  return (
    <>
      <p className="text-sm">
        <AppLink to="/cms/users" className="underline underline-offset-2">
          ← Users
        </AppLink>
      </p>
      <h1 className="mt-2 break-words text-2xl font-bold">{user.displayName}</h1>
      <p className="break-all text-slate-700 dark:text-slate-300">{user.email}</p>
      {user.suspendedAt ? (
        <p
          className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
          data-testid="ban-notice"
        >
          <strong>Banned</strong> {`since ${formatDateTime(user.suspendedAt)}. Reason: ${user.suspendedReason ?? '—'}`}
        </p>
      ) : null}

      <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-xl border border-slate-300 bg-white p-4 text-sm sm:grid-cols-[auto_1fr] dark:border-slate-800 dark:bg-slate-900">
        <dt className="font-medium">Role</dt>
        <dd>{ROLE_LABELS[user.role]}</dd>
        <dt className="font-medium">Signed up</dt>
        <dd>
          <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
        </dd>
        <dt className="font-medium">Last sign-in</dt>
        <dd>
          {user.lastSignInAt ? <time dateTime={user.lastSignInAt}>{formatDateTime(user.lastSignInAt)}</time> : 'Never'}
        </dd>
        <dt className="font-medium">Signed in now</dt>
        <dd data-testid="live-sessions">
          {user.liveSessions === 0
            ? 'Nowhere'
            : user.liveSessions === 1
              ? 'On 1 device'
              : `On ${user.liveSessions} devices`}
        </dd>
        <dt className="font-medium">Favourites</dt>
        <dd>{user.favourites}</dd>
        <dt className="font-medium">Email address</dt>
        <dd>{user.emailVerified ? 'Confirmed' : 'Not confirmed'}</dd>
        <dt className="font-medium">Signs in with</dt>
        <dd>{signIn.length > 0 ? signIn.join(', ') : 'Nothing yet'}</dd>
      </dl>

      <section aria-labelledby="actions-heading" className="mt-6">
        <h2 id="actions-heading" className="text-lg font-semibold">
          Actions
        </h2>
        {user.lockedReason ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">{user.lockedReason}</p>
        ) : (
          <div className="mt-3 flex flex-wrap items-start gap-2">
            {user.suspendedAt ? (
              <Form method="post">
                <input type="hidden" name="intent" value="unban" />
                <button type="submit" disabled={busy} className={quietButtonClass}>
                  Unban
                </button>
              </Form>
            ) : (
              <>
                <ConfirmAction
                  label="Ban…"
                  title={`Ban ${user.displayName}?`}
                  description="Their sessions end at once and they cannot sign in until unbanned. They see the reason when they try."
                  confirmLabel="Ban"
                  fields={{ intent: 'ban' }}
                >
                  <Field
                    idPrefix="ban"
                    name="reason"
                    label="Reason"
                    required
                    failure={banFailure}
                    hint="Shown to them at sign-in."
                  />
                </ConfirmAction>
                <Form method="post">
                  <input type="hidden" name="intent" value="reset" />
                  <button type="submit" disabled={busy} className={quietButtonClass}>
                    Send a password-reset link
                  </button>
                </Form>
              </>
            )}
            <ConfirmAction
              label="Erase…"
              title={`Erase ${user.displayName}'s account?`}
              description={
                <p>
                  This cannot be undone. The account, its sessions, favourites and sign-in methods, the contact messages
                  sent from <strong className="break-all">{user.email}</strong> and the mails to it are deleted. The
                  audit log keeps only the account&apos;s number.
                </p>
              }
              confirmLabel="Erase for good"
              fields={{ intent: 'erase' }}
            >
              <Field
                idPrefix="erase"
                name="confirmEmail"
                label="Type the email address to confirm"
                type="email"
                autoComplete="off"
                required
                failure={eraseFailure}
              />
            </ConfirmAction>
          </div>
        )}
        <div className="mt-3">
          <FormAlert id="user-result" result={withFieldMessages(result)} />
        </div>
      </section>
    </>
  );
}
