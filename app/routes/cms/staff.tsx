// /cms/staff (issue #20): who runs the site. An admin (scope cms:staff) invites by
// mail, changes roles, suspends and reinstates; every change is audited by the
// CMS service, and the last administrator who can sign in is kept.
import { Form, useActionData, useNavigation } from 'react-router';
import { Field, FormAlert, failureOf, inputClass } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { ConfirmAction, quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { ROLE_LABELS, STAFF_ROLES, type Role } from '../../../domain/account-contracts.ts';
import type { Route } from './+types/staff';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, context, 'cms:staff');
  return { ...(await getServices(context).cms.staff.list()), me: user.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:staff');
  const { staff } = getServices(context).cms;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values = readFields(form, ['email', 'role', 'reason', 'userId', 'inviteId']);
  const target = values.userId || values.inviteId || undefined;
  const tag = { intent, ...(target ? { target } : {}) };
  const userId = Number(values.userId);
  switch (intent) {
    case 'invite': {
      const result = await staff.invite(actor, { email: values.email, role: values.role });
      return result.ok
        ? cmsDone(`Invitation sent to ${result.invite.email}. The link works once, for 48 hours.`, tag)
        : cmsFailure(result, values, tag);
    }
    case 'role': {
      const result = await staff.change(actor, userId, { action: 'role', role: values.role });
      return result.ok ? cmsDone('Role changed.', tag) : cmsFailure(result, values, tag);
    }
    case 'suspend': {
      const result = await staff.change(actor, userId, { action: 'suspend', reason: values.reason });
      return result.ok ? cmsDone('Suspended: their sessions have ended.', tag) : cmsFailure(result, values, tag);
    }
    case 'reinstate': {
      const result = await staff.change(actor, userId, { action: 'reinstate' });
      return result.ok ? cmsDone('Reinstated: they can sign in again.', tag) : cmsFailure(result, values, tag);
    }
    case 'withdraw': {
      const result = await staff.revokeInvite(actor, Number(values.inviteId));
      return result.ok
        ? cmsDone(`The invitation to ${result.invite.email} was withdrawn.`, tag)
        : cmsFailure(result, values, tag);
    }
    default:
      return cmsDone('Nothing was changed.', tag);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Staff', noIndex: true });

const ROLE_CHOICES: readonly Role[] = [...STAFF_ROLES].reverse();

function answerFor(result: CmsFormResult | undefined, intent: string, target?: number) {
  if (!result || result.intent !== intent) return undefined;
  if (target !== undefined && result.target !== String(target)) return undefined;
  return result;
}

export default function CmsStaff({ loaderData }: Route.ComponentProps) {
  const result = useActionData<CmsFormResult>();
  const navigation = useNavigation();
  const inviteAnswer = answerFor(result, 'invite');
  const inviteFailure = failureOf(inviteAnswer);
  return (
    <>
      <h1 className="text-2xl font-bold">Staff</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Administrators manage everything; editors write pages, pin hot matches and correct matches; moderators handle
        users and messages.
      </p>

      <section
        aria-labelledby="invite-heading"
        className="mt-6 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="invite-heading" className="text-lg font-semibold">
          Invite someone
        </h2>
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end" noValidate>
          <input type="hidden" name="intent" value="invite" />
          <Field
            idPrefix="invite"
            name="email"
            label="Email address"
            type="email"
            autoComplete="off"
            required
            failure={inviteFailure}
          />
          <div>
            <label htmlFor="invite-role" className="font-medium">
              Role
            </label>
            <select
              id="invite-role"
              name="role"
              defaultValue={inviteFailure?.values.role ?? 'editor'}
              aria-invalid={inviteFailure?.fields.role ? true : undefined}
              className={inputClass}
            >
              {ROLE_CHOICES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={navigation.state === 'submitting'} className={`${quietButtonClass} h-10`}>
            Send invitation
          </button>
        </Form>
        <div className="mt-3">
          <FormAlert id="invite-result" result={inviteAnswer} />
        </div>
      </section>

      <section aria-labelledby="staff-heading" className="mt-6">
        <h2 id="staff-heading" className="text-lg font-semibold">
          Staff accounts
        </h2>
        <ul className="mt-3 space-y-3">
          {loaderData.staff.map((member) => {
            const roleAnswer =
              answerFor(result, 'role', member.id) ??
              answerFor(result, 'suspend', member.id) ??
              answerFor(result, 'reinstate', member.id);
            const suspendFailure = failureOf(answerFor(result, 'suspend', member.id));
            return (
              <li
                key={member.id}
                className="rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                data-testid="staff-member"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p>
                    <strong>{member.displayName}</strong>{' '}
                    <span className="text-slate-600 dark:text-slate-400">{member.email}</span>
                    {member.id === loaderData.me ? <span className="ml-2 text-sm">(you)</span> : null}
                  </p>
                  <p className="text-sm">
                    {ROLE_LABELS[member.role]}
                    {member.twoFactor ? ' · two-factor on' : ''}
                    {member.suspendedAt ? (
                      <strong className="ml-2 text-red-800 dark:text-red-300">
                        Suspended: {member.suspendedReason}
                      </strong>
                    ) : null}
                  </p>
                </div>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  Joined {formatDateTime(member.createdAt)}
                  {member.lastSignInAt
                    ? ` · last sign-in ${formatDateTime(member.lastSignInAt)}`
                    : ' · never signed in'}
                </p>
                <div className="mt-3 flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="userId" value={member.id} />
                    <label className="text-sm">
                      <span className="sr-only">Role of {member.displayName}</span>
                      <select name="role" defaultValue={member.role} className={`${inputClass} mt-0 py-1.5`}>
                        {[...ROLE_CHOICES, 'user' as const].map((role) => (
                          <option key={role} value={role}>
                            {role === 'user' ? 'Member (not staff)' : ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button type="submit" className={quietButtonClass}>
                      Change role
                    </button>
                  </Form>
                  {member.suspendedAt ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="reinstate" />
                      <input type="hidden" name="userId" value={member.id} />
                      <button type="submit" className={quietButtonClass}>
                        Reinstate
                      </button>
                    </Form>
                  ) : (
                    <ConfirmAction
                      label="Suspend…"
                      title={`Suspend ${member.displayName}?`}
                      description="Their sessions end at once and they cannot sign in until reinstated. They see the reason when they try."
                      confirmLabel="Suspend"
                      fields={{ intent: 'suspend', userId: member.id }}
                    >
                      <Field
                        idPrefix={`suspend-${member.id}`}
                        name="reason"
                        label="Reason"
                        required
                        failure={suspendFailure}
                      />
                    </ConfirmAction>
                  )}
                </div>
                {roleAnswer ? (
                  <div className="mt-3">
                    <FormAlert id={`staff-${member.id}-result`} result={roleAnswer} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="invites-heading" className="mt-6">
        <h2 id="invites-heading" className="text-lg font-semibold">
          Pending invitations
        </h2>
        {loaderData.invites.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">None.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {loaderData.invites.map((invite) => (
              <li
                key={invite.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-300 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
              >
                <span>
                  {invite.email} · {ROLE_LABELS[invite.role]} · until {formatDateTime(invite.expiresAt)}
                </span>
                <ConfirmAction
                  label="Withdraw"
                  title={`Withdraw the invitation to ${invite.email}?`}
                  description="The link in their mail stops working. You can invite them again later."
                  confirmLabel="Withdraw invitation"
                  fields={{ intent: 'withdraw', inviteId: invite.id }}
                />
              </li>
            ))}
          </ul>
        )}
        <FormAlert id="withdraw-result" result={answerFor(result, 'withdraw')} />
      </section>
    </>
  );
}
