// /cms/messages/{id} (issue #20): one contact message and the replies sent to it.
// Opening it marks it read; staff reply by mail (kept in the thread, the message
// marked handled), mark it handled or open again, or unread (back to the inbox,
// since opening it again would read it). Scope cms:messages.
import { Form, data, redirect, useActionData, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { FormAlert, failureOf, inputClass, primaryButtonClass } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { quietButtonClass } from '../../features/cms/confirm-dialog.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { contactTopicLabels } from '../../../domain/contact-contracts.ts';
import type { Route } from './+types/message';
import { getServices } from '../../../server/router-context.server.ts';

function messageIdOf(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw data({ message: 'There is no message with this address in the CMS.' }, { status: 404 });
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request, context, 'cms:messages');
  const result = await getServices(context).cms.messages.open(actor, messageIdOf(params.id));
  if (!result.ok) throw data({ message: result.message }, { status: 404 });
  return { thread: result.thread };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:messages');
  const { messages } = getServices(context).cms;
  const id = messageIdOf(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values = readFields(form, ['body']);
  const tag = { intent };
  switch (intent) {
    case 'reply': {
      const result = await messages.reply(actor, id, { body: values.body });
      if (!result.ok) return cmsFailure(result, values, tag);
      return cmsDone(
        result.delivery === 'smtp'
          ? 'Reply sent. The message is marked handled.'
          : 'Reply kept in the mail outbox (no mail server took it). The message is marked handled.',
        tag,
      );
    }
    case 'handle':
    case 'reopen': {
      const result = await messages.change(actor, id, { handled: intent === 'handle' });
      return result.ok
        ? cmsDone(intent === 'handle' ? 'Marked handled.' : 'Open again.', tag)
        : cmsFailure(result, values, tag);
    }
    case 'unread': {
      const result = await messages.change(actor, id, { read: false });
      if (!result.ok) return cmsFailure(result, values, tag);
      throw redirect('/cms/messages?done=unread');
    }
    default:
      return cmsDone('Nothing was changed.', tag);
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.thread ? `Message from ${args.data.thread.message.name}` : 'Messages',
    noIndex: true,
  });

export default function CmsMessage({ loaderData }: Route.ComponentProps) {
  const { message, replies } = loaderData.thread;
  const result = useActionData<CmsFormResult>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const replyAnswer = result?.intent === 'reply' ? result : undefined;
  const replyFailure = failureOf(replyAnswer);
  const replyError = replyFailure?.fields.body;
  return (
    <>
      <p className="text-sm">
        <AppLink to="/cms/messages" className="underline underline-offset-2">
          ← Messages
        </AppLink>
      </p>
      <h1 className="mt-2 break-words text-2xl font-bold">{contactTopicLabels[message.topic]}</h1>
      <p className="mt-1 break-all text-slate-700 dark:text-slate-300">
        From <strong>{message.name}</strong> &lt;{message.email}&gt;,{' '}
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </p>
      <p className="mt-1 text-sm" data-testid="message-state">
        {message.handledAt ? (
          <>
            Handled {message.handledByName ? `by ${message.handledByName} ` : ''}
            on {formatDateTime(message.handledAt)}
          </>
        ) : (
          'Open'
        )}
      </p>

      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value={message.handledAt ? 'reopen' : 'handle'} />
          <button type="submit" disabled={busy} className={quietButtonClass}>
            {message.handledAt ? 'Reopen' : 'Mark handled'}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="unread" />
          <button type="submit" disabled={busy} className={quietButtonClass}>
            Mark unread
          </button>
        </Form>
      </div>
      {result && result.intent !== 'reply' ? (
        <div className="mt-3">
          <FormAlert id="message-result" result={result} />
        </div>
      ) : null}

      <ol className="mt-6 space-y-3" aria-label="Conversation">
        <li className="rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <p className="text-sm font-medium">{message.name} wrote:</p>
          <p className="mt-2 whitespace-pre-wrap break-words">{message.message}</p>
        </li>
        {replies.map((reply) => (
          <li
            key={reply.id}
            className="ml-4 rounded-xl border border-slate-300 bg-slate-50 p-4 sm:ml-8 dark:border-slate-700 dark:bg-slate-800"
            data-testid="reply"
          >
            <p className="text-sm font-medium">
              {reply.sentByName ?? `Erased account #${reply.sentBy}`} replied,{' '}
              <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
              <span className="font-normal text-slate-600 dark:text-slate-400">
                {' · '}
                {reply.delivery === 'smtp' ? 'sent' : reply.delivery === 'outbox' ? 'in the mail outbox' : 'being sent'}
              </span>
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words">{reply.body}</p>
          </li>
        ))}
      </ol>

      <section
        aria-labelledby="reply-heading"
        className="mt-6 rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="reply-heading" className="text-lg font-semibold">
          Reply by mail
        </h2>
        {/* A new key after each sent reply empties the field; a refused one keeps what was typed. */}
        <Form method="post" className="mt-3 space-y-3" noValidate key={replies.length}>
          <input type="hidden" name="intent" value="reply" />
          <div>
            <label htmlFor="reply-body" className="font-medium">
              Your reply to {message.email}
            </label>
            <textarea
              id="reply-body"
              name="body"
              rows={6}
              maxLength={5000}
              required
              defaultValue={replyFailure?.values.body ?? ''}
              aria-invalid={replyError ? true : undefined}
              aria-describedby={replyError ? 'reply-body-error' : undefined}
              className={inputClass}
            />
            {replyError ? (
              <p id="reply-body-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {replyError}
              </p>
            ) : null}
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Their message is quoted under your reply. Sending marks the message handled.
          </p>
          <div className="sm:w-48">
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              Send reply
            </button>
          </div>
        </Form>
        <div className="mt-3">
          <FormAlert id="reply-result" result={replyAnswer} />
        </div>
      </section>
    </>
  );
}
