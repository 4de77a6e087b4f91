import { DeviceFavouritesField } from './device-favourites.tsx';
import { Field, FormAlert, SubmitButton, failureOf, type FormComponent, type FormResult } from './form-parts.tsx';

export function LoginForm(props: {
  Form: FormComponent;
  action: string;
  idPrefix: string;
  result: FormResult | undefined;
  pending: boolean;
  redirectTo: string;
  submitLabel?: string;
}) {
  const { Form, action, idPrefix, result, pending, redirectTo } = props;
  const failure = failureOf(result);
  const alertId = `${idPrefix}-login-alert`;
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
      <Field
        idPrefix={`${idPrefix}-login`}
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        required
        failure={failure}
      />
      <Field
        idPrefix={`${idPrefix}-login`}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        failure={failure}
        keepValue={false}
      />
      <SubmitButton pending={pending} label={props.submitLabel ?? 'Sign in'} pendingLabel="Signing in…" />
    </Form>
  );
}
