// Setting a new password: after a reset link (no current password), or from
// the account page and the header popup (current password required).
import { PASSWORD_HINT } from './register-form.tsx';
import { Field, FormAlert, SubmitButton, failureOf, type FormComponent, type FormResult } from './form-parts.tsx';

export function UpdatePasswordForm(props: {
  Form: FormComponent;
  action: string;
  idPrefix: string;
  result: FormResult | undefined;
  pending: boolean;
  /** 'reset' after a reset link; 'change' when signed in. */
  mode: 'reset' | 'change';
}) {
  const { Form, action, idPrefix, result, pending, mode } = props;
  const failure = failureOf(result);
  const alertId = `${idPrefix}-password-alert`;
  const prefix = `${idPrefix}-password`;
  return (
    <Form
      method="post"
      action={action}
      noValidate
      className="space-y-4"
      aria-describedby={result ? alertId : undefined}
    >
      <FormAlert id={alertId} result={result} />
      <input type="hidden" name="intent" value={mode === 'reset' ? 'reset' : 'password'} />
      {mode === 'change' ? (
        <Field
          idPrefix={prefix}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          failure={failure}
          keepValue={false}
        />
      ) : null}
      <Field
        idPrefix={prefix}
        name={mode === 'reset' ? 'password' : 'newPassword'}
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        failure={failure}
        keepValue={false}
      />
      <SubmitButton
        pending={pending}
        label={mode === 'reset' ? 'Set new password' : 'Change password'}
        pendingLabel="Saving…"
      />
    </Form>
  );
}
