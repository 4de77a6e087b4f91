import { Form, data, useNavigation } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { CONTACT_TOPICS, contactTopicLabels } from '../../domain/contact-contracts.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import { useSite } from '../lib/site/site.ts';
import type { Route } from './+types/contact';
import { getRequestAuth, getServices } from '../../server/router-context.server.ts';

export const handle = { breadcrumb: 'Contact' };

export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = {
    name: String(form.get('name') ?? ''),
    email: String(form.get('email') ?? ''),
    topic: String(form.get('topic') ?? ''),
    message: String(form.get('message') ?? ''),
  };
  const result = await getServices(context).contact.submitMessage(values, { ip: getRequestAuth(context).meta.ip });
  if (!result.ok && result.code === 'throttled') {
    // Issue #17: the form keeps what was typed; the answer says when to try again.
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return data(
      { status: 'throttled' as const, message: `${result.message} in ${minutes === 1 ? 'about a minute' : `${minutes} minutes`}.`, values },
      { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok) return { status: 'invalid' as const, fields: result.fields, values };
  return { status: 'sent' as const, name: result.message.name, email: result.message.email };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Contact', description: 'Questions, corrections to a score, or privacy requests: write to the team.' });

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const site = useSite();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';

  if (actionData?.status === 'sent') {
    return (
      <>
        <PageHeader title="Contact" />
        <div role="status" className="max-w-xl rounded-lg border border-brand-600 bg-brand-50 p-6 text-brand-900 dark:bg-slate-900 dark:text-brand-100">
          <h2 className="text-lg font-semibold">Thank you, {actionData.name}. Your message has been sent.</h2>
          <p className="mt-2">We read every message and will reply to {actionData.email}, usually within two working days.</p>
        </div>
      </>
    );
  }

  const errors: Record<string, string> = actionData?.status === 'invalid' ? actionData.fields : {};
  const values = actionData?.status === 'invalid' || actionData?.status === 'throttled' ? actionData.values : undefined;
  const throttled = actionData?.status === 'throttled' ? actionData.message : null;
  const describedBy = (field: string) => (errors[field] ? `${field}-error` : undefined);

  return (
    <>
      <PageHeader title="Contact">
        A wrong score, a missing match, a question about your plan or your data: tell us. You can also write to{' '}
        <a className="underline underline-offset-2" href={`mailto:${site?.supportEmail ?? ''}`}>
          {site?.supportEmail}
        </a>
        .
      </PageHeader>
      <Form method="post" noValidate className="max-w-xl space-y-4" aria-describedby={Object.keys(errors).length || throttled ? 'form-errors' : undefined}>
        {throttled ? (
          <p id="form-errors" role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
            Your message was not sent. {throttled}
          </p>
        ) : null}
        {Object.keys(errors).length > 0 ? (
          <p id="form-errors" role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
            Your message was not sent. Please correct the fields marked below.
          </p>
        ) : null}
        <div>
          <label htmlFor="name" className="font-medium">
            Your name
          </label>
          <input id="name" name="name" autoComplete="name" required maxLength={100} defaultValue={values?.name} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('name')} className={inputClass} />
          <FieldError id="name-error" message={errors.name} />
        </div>
        <div>
          <label htmlFor="email" className="font-medium">
            Email address
          </label>
          <input id="email" name="email" type="email" autoComplete="email" required defaultValue={values?.email} aria-invalid={errors.email ? true : undefined} aria-describedby={describedBy('email')} className={inputClass} />
          <FieldError id="email-error" message={errors.email} />
        </div>
        <div>
          <label htmlFor="topic" className="font-medium">
            What is it about?
          </label>
          <select id="topic" name="topic" required defaultValue={values?.topic ?? 'general'} aria-invalid={errors.topic ? true : undefined} aria-describedby={describedBy('topic')} className={inputClass}>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {contactTopicLabels[topic]}
              </option>
            ))}
          </select>
          <FieldError id="topic-error" message={errors.topic} />
        </div>
        <div>
          <label htmlFor="message" className="font-medium">
            Message
          </label>
          <textarea id="message" name="message" required rows={6} maxLength={5000} defaultValue={values?.message} aria-invalid={errors.message ? true : undefined} aria-describedby={describedBy('message')} className={inputClass} />
          <FieldError id="message-error" message={errors.message} />
        </div>
        <button type="submit" disabled={sending} className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {sending ? 'Sending…' : 'Send message'}
        </button>
      </Form>
    </>
  );
}
