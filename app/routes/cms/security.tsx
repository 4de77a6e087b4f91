// /cms/security (issue #20): a staff member's own two-factor sign-in — set up
// with an authenticator app (QR code or the secret typed in), confirmed with its
// first code, then ten recovery codes shown once; new recovery codes or turning
// it off take a fresh code. An administrator also decides whether all staff must
// use it (cms:settings) and resets a colleague's after a lost phone (cms:staff).
// While the policy requires it, every other CMS page sends staff without it here.
import { data, Form, redirect, useActionData, useNavigation } from 'react-router';
import { Field, FormAlert, failureOf, primaryButtonClass } from '../../features/auth-forms/form-parts.tsx';
import {
  cmsDone,
  cmsFailure,
  readFields,
  type CmsAnswerTag,
  type CmsFormResult,
} from '../../features/cms/cms-actions.server.ts';
import { ConfirmAction, quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { ROLE_LABELS } from '../../../domain/account-contracts.ts';
import { hasScope } from '../../../domain/staff-access.ts';
import type { Route } from './+types/security';
import type { SecurityFailure } from '../../../server/modules/cms/cms-security.service.ts';
import { getServices } from '../../../server/router-context.server.ts';

type SecurityFormResult = CmsFormResult & { recoveryCodes?: string[] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, context, null, { enrolling: true });
  const { cms } = getServices(context);
  const overview = await cms.security.overview(user.id);
  const canSetPolicy = hasScope(user.scopes, 'cms:settings');
  const canReset = hasScope(user.scopes, 'cms:staff');
  const colleagues = canReset
    ? (await cms.staff.list()).staff
        .filter((member) => member.id !== user.id)
        .map((member) => ({
          id: member.id,
          name: member.displayName,
          email: member.email,
          role: ROLE_LABELS[member.role],
          twoFactor: member.twoFactor,
        }))
    : null;
  return {
    twoFactor: overview.twoFactor,
    // The secret is shown to its owner only, while it waits for the first code.
    enrolment: overview.enrolment
      ? { ...overview.enrolment, qrSvg: await cms.security.qrSvg(overview.enrolment) }
      : null,
    enrolmentRequired: overview.enrolmentRequired,
    policy: canSetPolicy ? overview.policy : null,
    colleagues,
  };
}

/** A refusal as the form shows it; codes are never typed back into the field. */
function securityFailure(failure: SecurityFailure, tag: CmsAnswerTag) {
  if (failure.code !== 'throttled') return cmsFailure(failure, {}, tag);
  const minutes = Math.max(1, Math.ceil(failure.retryAfterSeconds / 60));
  return data<SecurityFormResult>(
    {
      ok: false,
      message: `${failure.message} in ${minutes === 1 ? 'about a minute' : `${minutes} minutes`}.`,
      fields: {},
      values: {},
      ...tag,
    },
    { status: 429, headers: { 'Retry-After': String(failure.retryAfterSeconds) } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values = readFields(form, ['code', 'requireTwoFactor', 'userId']);
  const tag = { intent, ...(values.userId ? { target: values.userId } : {}) };
  const { security } = getServices(context).cms;
  switch (intent) {
    case 'begin': {
      const { actor } = await requireStaff(request, context, null, { enrolling: true });
      const result = await security.begin(actor);
      if (!result.ok) return securityFailure(result, tag);
      throw redirect('/cms/security');
    }
    case 'confirm': {
      const { actor } = await requireStaff(request, context, null, { enrolling: true });
      const result = await security.confirm(actor, { code: values.code });
      if (!result.ok) return securityFailure(result, tag);
      return data<SecurityFormResult>({
        ok: true,
        message: 'Two-factor sign-in is on.',
        recoveryCodes: result.recoveryCodes,
        ...tag,
      });
    }
    case 'recovery-codes': {
      const { actor } = await requireStaff(request, context, null, { enrolling: true });
      const result = await security.regenerateRecoveryCodes(actor, { code: values.code });
      if (!result.ok) return securityFailure(result, tag);
      return data<SecurityFormResult>({
        ok: true,
        message: 'New recovery codes: the old ones no longer work.',
        recoveryCodes: result.recoveryCodes,
        ...tag,
      });
    }
    case 'disable': {
      const { actor } = await requireStaff(request, context, null, { enrolling: true });
      const result = await security.disable(actor, { code: values.code });
      return result.ok ? cmsDone('Two-factor sign-in is off.', tag) : securityFailure(result, tag);
    }
    case 'policy': {
      const { actor } = await requireStaff(request, context, 'cms:settings');
      const result = await security.setPolicy(actor, { requireTwoFactor: values.requireTwoFactor === 'on' });
      if (!result.ok) return securityFailure(result, tag);
      return cmsDone(
        result.requireTwoFactor
          ? 'Two-factor sign-in is now required for all staff.'
          : 'Two-factor sign-in is no longer required.',
        tag,
      );
    }
    case 'reset': {
      const { actor } = await requireStaff(request, context, 'cms:staff');
      const result = await security.reset(actor, Number(values.userId));
      if (!result.ok) return securityFailure(result, tag);
      return cmsDone(
        result.wasEnabled ? 'Reset: they set it up again at their next visit.' : 'It was not on: nothing to reset.',
        tag,
      );
    }
    default:
      return cmsDone('Nothing was changed.', tag);
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Sign-in security', noIndex: true });

const sectionClass = 'mt-6 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';

function answerFor(result: SecurityFormResult | undefined, intent: string, target?: number) {
  if (!result || result.intent !== intent) return undefined;
  if (target !== undefined && result.target !== String(target)) return undefined;
  return result;
}

/** One form asking a code: confirm, new recovery codes, turn off. */
function CodeForm(props: {
  intent: string;
  label: string;
  hint: string;
  submitLabel: string;
  result: SecurityFormResult | undefined;
}) {
  const navigation = useNavigation();
  const answer = answerFor(props.result, props.intent);
  const alertId = `${props.intent}-alert`;
  return (
    <Form
      method="post"
      noValidate
      className="mt-4 max-w-sm space-y-3"
      aria-describedby={answer && !answer.ok ? alertId : undefined}
    >
      {answer && !answer.ok ? <FormAlert id={alertId} result={answer} /> : null}
      <input type="hidden" name="intent" value={props.intent} />
      <Field
        idPrefix={props.intent}
        name="code"
        label={props.label}
        hint={props.hint}
        autoComplete="one-time-code"
        required
        failure={failureOf(answer)}
        keepValue={false}
      />
      <button type="submit" disabled={navigation.state === 'submitting'} className={quietButtonClass}>
        {props.submitLabel}
      </button>
    </Form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div
      role="status"
      className="mt-4 rounded-md border border-amber-400 bg-amber-50 p-4 dark:border-amber-600 dark:bg-slate-800"
    >
      <h3 className="font-semibold">Your recovery codes</h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        They are shown this once. Keep them somewhere safe, apart from your phone: each one signs you in once if you
        cannot use your authenticator app.
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base sm:grid-cols-3"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>
  );
}

export default function CmsSecurity({ loaderData }: Route.ComponentProps) {
  const result = useActionData<SecurityFormResult>();
  const navigation = useNavigation();
  const { twoFactor, enrolment, enrolmentRequired, policy, colleagues } = loaderData;
  const beginAnswer = answerFor(result, 'begin');
  const done = result?.ok && ['disable', 'recovery-codes', 'confirm'].includes(result.intent) ? result : undefined;
  const policyAnswer = answerFor(result, 'policy');
  return (
    <>
      <h1 className="text-2xl font-bold">Sign-in security</h1>
      {enrolmentRequired ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-amber-50 p-3 text-amber-950 dark:bg-slate-800 dark:text-amber-100"
        >
          Two-factor sign-in is required for all staff. Set it up below to go on using the CMS.
        </p>
      ) : null}

      <section aria-labelledby="two-factor-heading" className={sectionClass}>
        <h2 id="two-factor-heading" className="text-lg font-semibold">
          Two-factor sign-in
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          After your password, the CMS asks for a 6-digit code from an authenticator app on your phone (such as Aegis,
          Google Authenticator or 1Password), so a stolen password alone does not open it.
        </p>
        {done ? <FormAlert id="two-factor-done" result={done} /> : null}
        {done?.recoveryCodes ? <RecoveryCodes codes={done.recoveryCodes} /> : null}

        {twoFactor.enabled ? (
          <>
            <p className="mt-4">
              <strong>On</strong>
              {twoFactor.enabledAt ? <> since {formatDateTime(twoFactor.enabledAt)}</> : null}.{' '}
              {twoFactor.recoveryCodesLeft === 1
                ? '1 recovery code left.'
                : `${twoFactor.recoveryCodesLeft} recovery codes left.`}
            </p>
            <h3 className="mt-6 font-semibold">New recovery codes</h3>
            <CodeForm
              intent="recovery-codes"
              label="Code from your app"
              hint="The 6-digit code your authenticator app shows now. The old recovery codes stop working."
              submitLabel="Make new recovery codes"
              result={result}
            />
            <h3 className="mt-6 font-semibold">Turn off</h3>
            <CodeForm
              intent="disable"
              label="Code from your app, or a recovery code"
              hint="To use another phone, turn it off and set it up again."
              submitLabel="Turn off two-factor sign-in"
              result={result}
            />
          </>
        ) : enrolment ? (
          <ol className="mt-4 list-decimal space-y-4 pl-5">
            <li>
              Scan this QR code with your authenticator app.
              <div
                role="img"
                aria-label="QR code for your authenticator app"
                className="mt-2 w-fit rounded-md bg-white p-2"
                dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
              />
            </li>
            <li>
              Or type this key into the app (time-based, 6 digits):{' '}
              <code
                data-testid="totp-secret"
                className="break-all rounded bg-slate-100 px-1 font-mono dark:bg-slate-800"
              >
                {enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
              </code>
            </li>
            <li>
              Enter the code the app shows, to confirm.
              <CodeForm
                intent="confirm"
                label="Code from your app"
                hint="6 digits; a new one every 30 seconds."
                submitLabel="Turn on two-factor sign-in"
                result={result}
              />
            </li>
          </ol>
        ) : (
          <Form method="post" className="mt-4">
            {beginAnswer && !beginAnswer.ok ? <FormAlert id="begin-alert" result={beginAnswer} /> : null}
            <input type="hidden" name="intent" value="begin" />
            <button
              type="submit"
              disabled={navigation.state === 'submitting'}
              className={`${primaryButtonClass} sm:w-auto`}
            >
              Set up two-factor sign-in
            </button>
          </Form>
        )}
      </section>

      {policy ? (
        <section aria-labelledby="policy-heading" className={sectionClass}>
          <h2 id="policy-heading" className="text-lg font-semibold">
            For all staff
          </h2>
          <Form method="post" className="mt-3 space-y-3" aria-describedby={policyAnswer ? 'policy-alert' : undefined}>
            <FormAlert id="policy-alert" result={policyAnswer} />
            <input type="hidden" name="intent" value="policy" />
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                name="requireTwoFactor"
                defaultChecked={policy.requireTwoFactor}
                className="mt-1"
              />
              <span>
                Require two-factor sign-in for all staff
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  Staff without it are sent to set it up before anything else in the CMS.
                </span>
              </span>
            </label>
            <button type="submit" disabled={navigation.state === 'submitting'} className={quietButtonClass}>
              Save
            </button>
          </Form>
        </section>
      ) : null}

      {colleagues ? (
        <section aria-labelledby="colleagues-heading" className={sectionClass}>
          <h2 id="colleagues-heading" className="text-lg font-semibold">
            Staff two-factor sign-in
          </h2>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Someone who lost their phone and their recovery codes: reset theirs, and they set it up again after their
            password.
          </p>
          {colleagues.length === 0 ? (
            <p className="mt-3">No other staff yet.</p>
          ) : (
            <table className="mt-3 w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-300 dark:border-slate-700">
                  <th scope="col" className="py-2 pr-4">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Role
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Two-factor
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {colleagues.map((member) => {
                  const answer = answerFor(result, 'reset', member.id);
                  return (
                    <tr key={member.id} className="border-b border-slate-200 align-top dark:border-slate-800">
                      <td className="py-2 pr-4">
                        {member.name}
                        <span className="block text-slate-600 dark:text-slate-400">{member.email}</span>
                      </td>
                      <td className="py-2 pr-4">{member.role}</td>
                      <td className="py-2 pr-4">{member.twoFactor ? 'On' : 'Off'}</td>
                      <td className="py-2">
                        {member.twoFactor ? (
                          <ConfirmAction
                            label="Reset"
                            title={`Reset ${member.name}'s two-factor sign-in?`}
                            description="It is turned off and their recovery codes stop working. They set it up again after their password."
                            confirmLabel="Reset two-factor sign-in"
                            fields={{ intent: 'reset', userId: member.id }}
                          />
                        ) : null}
                        {answer ? <FormAlert id={`reset-${member.id}-alert`} result={answer} /> : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </>
  );
}
