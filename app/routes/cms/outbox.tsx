// Mail that was not handed to an SMTP server (DESIGN.md §2): without SMTP_URL,
// or when delivery failed, account mail waits here for the staff. Reset links
// and invitation links are in these bodies, so only administrators (scope
// cms:settings) see them: a moderator who could read them could take over the
// accounts they send reset links to.
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { namedMiddleware } from '../../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/outbox';
import { getServices } from '../../../server/router-context.server.ts';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('staff');

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:settings');
  const mails = await getServices(context).mailer.listOutbox({ limit: 100 });
  return { mails, smtp: Boolean(getServices(context).config.SMTP_URL) };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Outbox', noIndex: true });

export default function CmsOutbox({ loaderData }: Route.ComponentProps) {
  const { mails, smtp } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold">Outbox</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {smtp
          ? 'Mail the SMTP server refused, with the reason.'
          : 'No SMTP server is configured (SMTP_URL), so account mail is kept here. Forward it by hand if needed.'}
      </p>
      {mails.length === 0 ? (
        <p className="mt-6">The outbox is empty.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {mails.map((mail) => (
            <li
              key={mail.id}
              className="rounded-lg border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <details>
                <summary className="cursor-pointer">
                  <span className="font-semibold">{mail.subject}</span> — to {mail.to},{' '}
                  <time dateTime={mail.createdAt}>{mail.createdAt.slice(0, 16).replace('T', ' ')} UTC</time>
                  {mail.error ? (
                    <span className="ml-2 text-sm text-red-700 dark:text-red-300">(not delivered: {mail.error})</span>
                  ) : null}
                </summary>
                <pre className="mt-3 whitespace-pre-wrap break-words text-sm">{mail.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
