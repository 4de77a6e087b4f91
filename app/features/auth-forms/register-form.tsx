import { DeviceFavouritesField } from './device-favourites.tsx';
import { Field, FormAlert, SubmitButton, failureOf, type FormComponent, type FormResult } from './form-parts.tsx';

export const PASSWORD_HINT = 'At least 8 characters. A few unrelated words make a strong, memorable password.';

export function RegisterForm(props: {
  Form: FormComponent;
  action: string;
  idPrefix: string;
  result: FormResult | undefined;
  pending: boolean;
  redirectTo: string;
}) {
  const { Form, action, idPrefix, result, pending, redirectTo } = props;
  const failure = failureOf(result);
  const alertId = `${idPrefix}-register-alert`;
  const prefix = `${idPrefix}-register`;
  return (
    <Form
      method="post"
      action={action}
      noValidate
      className="space-y-4"
      aria-describedby={result ? alertId : undefined}
    >
      <FormAlert id={alertId} result={result} />
      <input type="hidden" name="redirect" value={redirectTo} />
      <DeviceFavouritesField />
      <Field idPrefix={prefix} name="displayName" label="Your name" autoComplete="name" failure={failure} />
      <Field
        idPrefix={prefix}
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        required
        failure={failure}
      />
      <Field
        idPrefix={prefix}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={PASSWORD_HINT}
        failure={failure}
        keepValue={false}
      />
      <Field
        idPrefix={prefix}
        name="phone"
        label="Phone number (optional)"
        type="tel"
        autoComplete="tel"
        hint="In international format, like +447700900123."
        failure={failure}
      />
      <SubmitButton pending={pending} label="Create account" pendingLabel="Creating your account…" />
    </Form>
  );
}
