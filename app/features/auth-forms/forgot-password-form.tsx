import { Field, FormAlert, SubmitButton, failureOf, type FormComponent, type FormResult } from './form-parts.tsx';

export function ForgotPasswordForm(props: {
  Form: FormComponent;
  action: string;
  idPrefix: string;
  result: FormResult | undefined;
  pending: boolean;
}) {
  const { Form, action, idPrefix, result, pending } = props;
  const failure = failureOf(result);
  const alertId = `${idPrefix}-forgot-alert`;
  return (
    <Form
      method="post"
      action={action}
      noValidate
      className="space-y-4"
      aria-describedby={result ? alertId : undefined}
    >
      <FormAlert id={alertId} result={result} />
      <input type="hidden" name="intent" value="request" />
      <Field
        idPrefix={`${idPrefix}-forgot`}
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        required
        failure={failure}
      />
      <SubmitButton pending={pending} label="Send me a reset link" pendingLabel="Sending…" />
    </Form>
  );
}
