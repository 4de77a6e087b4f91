// The signed-in visitor's account: profile, password, favourites, active
// sessions (revoke one, or sign out everywhere), plan (renew) and orders (receipts). Every form works
// without JavaScript; each answers in place with its own message.
import { Form, redirectDocument, useNavigation } from 'react-router';
import {
  Field,
  FormAlert,
  SubmitButton,
  failureOf,
  linkClass,
  type FormResult,
} from '../features/auth-forms/form-parts.tsx';
import { UpdatePasswordForm } from '../features/auth-forms/update-password-form.tsx';
import { formFailure, formMessage, readForm } from '../features/auth-forms/auth-actions.server.ts';
import { getCurrentUser } from '../lib/auth/current-user.server.ts';
import { describeUserAgent } from '../lib/auth/auth-devices.ts';
import { AppLink } from '../components/app-link.tsx';
import { formatPlanDate, formatPrice } from '../features/pricing/format-price.ts';
import { STATUS_TEXT } from '../features/payment/order-summary.tsx';
import { paymentMethodLabel } from '../../domain/payments-receipt.ts';
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/account';
import { getRequestAuth, getServices } from '../../server/router-context.server.ts';

// Signed-out visitors are sent to /login?redirect=/account.
export const middleware: Route.MiddlewareFunction[] = namedMiddleware('auth');

export const handle = { breadcrumb: 'Account' };

async function requireUser(context: Route.LoaderArgs['context']) {
  const user = await getCurrentUser(context);
  // The auth middleware already sent signed-out visitors away; a session revoked mid-request lands here.
  if (!user) throw redirectDocument('/login?redirect=%2Faccount');
  return user;
}

/** `?orders=<page>` of the order history; anything else is the first page. */
function ordersPage(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get('orders') ?? '1');
  return Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireUser(context);
  const { accounts, payments, paymentRecords } = getServices(context);
  const [user, sessions, favourites, plan, orders, lastPaid] = await Promise.all([
    accounts.getUser(current.id),
    accounts.listSessions(current.id, current.familyId),
    accounts.listFavourites(current.id),
    payments.me(current.id),
    paymentRecords.listOrders(current.id, ordersPage(request)),
    paymentRecords.lastPaidPlan(current.id),
  ]);
  if (!user) throw redirectDocument('/login');
  // Renew the plan in force, or the last one paid for once it lapsed.
  const renew = plan.expiresAt ? { code: plan.plan.code, name: plan.plan.name } : lastPaid;
  return { user, sessions, favourites, plan, orders, renew };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireUser(context);
  const { accounts } = getServices(context);
  const auth = getRequestAuth(context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  switch (intent) {
    case 'logout':
      await auth.signOut();
      // Spec §2: after logout the visitor goes to /en.
      throw redirectDocument('/en');
    case 'sign-out-everywhere':
      await accounts.revokeAllSessions(current.id);
      auth.clearCookies();
      throw redirectDocument('/en');
    case 'revoke-session': {
      const id = Number(form.get('session'));
      const revoked = Number.isSafeInteger(id) && (await accounts.revokeSession(current.id, id));
      if (revoked && id === current.familyId) {
        auth.clearCookies();
        throw redirectDocument('/en');
      }
      return formMessage(revoked ? 'That device was signed out.' : 'That session had already ended.', { intent });
    }
    case 'profile': {
      const values = readForm(form, ['displayName', 'phone']);
      const result = await accounts.updateProfile(current.id, values);
      return result.ok ? formMessage('Your profile was saved.', { intent }) : formFailure(result, values, { intent });
    }
    case 'password': {
      const values = readForm(form, ['currentPassword', 'newPassword']);
      const result = await accounts.changePassword(current.id, current.familyId, values);
      return result.ok
        ? formMessage('Your password was changed. Your other devices were signed out.', { intent })
        : formFailure(result, values, { intent });
    }
    case 'remove-favourite': {
      const kind = String(form.get('kind') ?? '');
      if (kind === 'team' || kind === 'competition' || kind === 'match')
        await accounts.removeFavourite(current.id, kind, String(form.get('ref') ?? ''));
      return formMessage('Removed from your favourites.', { intent });
    }
    default:
      return formMessage('Nothing to do.', { intent: 'unknown' });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Your account', noIndex: true });

const sectionClass = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';
const primaryLinkClass =
  'inline-block rounded-md bg-brand-600 px-4 py-2 text-center font-semibold text-white hover:bg-brand-700';
const secondaryButtonClass =
  'rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800';

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions, favourites, plan, orders, renew } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : null;
  const answer = actionData as (FormResult & { intent?: string }) | undefined;
  const resultFor = (intent: string): FormResult | undefined => (answer?.intent === intent ? answer : undefined);
  const profile = resultFor('profile');

  return (
    <>
      <h1 className="text-2xl font-bold">Your account</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Signed in as <strong>{user.displayName}</strong> ({user.email}).
      </p>
      <div className="mt-6 grid gap-6">
        <section aria-labelledby="profile-heading" className={sectionClass}>
          <h2 id="profile-heading" className="text-lg font-semibold">
            Profile
          </h2>
          <Form
            method="post"
            noValidate
            className="mt-4 max-w-md space-y-4"
            aria-describedby={profile ? 'profile-alert' : undefined}
          >
            <FormAlert id="profile-alert" result={profile} />
            <input type="hidden" name="intent" value="profile" />
            <p>
              <span className="font-medium">Email address</span>
              <br />
              {user.email}
            </p>
            <Field
              idPrefix="account"
              name="displayName"
              label="Your name"
              autoComplete="name"
              required
              failure={failureOf(profile)}
              defaultValue={user.displayName}
            />
            <Field
              idPrefix="account"
              name="phone"
              label="Phone number (optional)"
              type="tel"
              autoComplete="tel"
              hint="In international format, like +447700900123."
              failure={failureOf(profile)}
              defaultValue={user.phone ?? ''}
            />
            <SubmitButton pending={submitting === 'profile'} label="Save profile" pendingLabel="Saving…" />
          </Form>
        </section>

        <section aria-labelledby="password-heading" className={sectionClass}>
          <h2 id="password-heading" className="text-lg font-semibold">
            Password
          </h2>
          <div className="mt-4 max-w-md">
            <UpdatePasswordForm
              Form={Form}
              action="/account"
              idPrefix="account"
              result={resultFor('password')}
              pending={submitting === 'password'}
              mode="change"
            />
          </div>
        </section>

        <section aria-labelledby="favourites-heading" className={sectionClass}>
          <h2 id="favourites-heading" className="text-lg font-semibold">
            Favourites
          </h2>
          <FormAlert id="favourites-alert" result={resultFor('remove-favourite')} />
          {favourites.length === 0 ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              No favourites yet. Teams and competitions you follow on this device are added when you sign in.
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
              {favourites.map((favourite) => (
                <li key={`${favourite.kind}:${favourite.ref}`} className="flex items-center justify-between gap-4 py-2">
                  <span>
                    {favourite.label}{' '}
                    <span className="text-sm text-slate-600 dark:text-slate-400">({favourite.kind})</span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-favourite" />
                    <input type="hidden" name="kind" value={favourite.kind} />
                    <input type="hidden" name="ref" value={favourite.ref} />
                    <button type="submit" className={secondaryButtonClass} aria-label={`Remove ${favourite.label}`}>
                      Remove
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="sessions-heading" className={sectionClass}>
          <h2 id="sessions-heading" className="text-lg font-semibold">
            Where you are signed in
          </h2>
          <FormAlert id="sessions-alert" result={resultFor('revoke-session')} />
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-4 py-2">
                <span>
                  <span className="font-medium">{describeUserAgent(session.userAgent)}</span>
                  {session.current ? (
                    <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-900 dark:bg-slate-800 dark:text-brand-100">
                      This device
                    </span>
                  ) : null}
                  <br />
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    Signed in <time dateTime={session.createdAt}>{session.createdAt.slice(0, 10)}</time>, last active{' '}
                    <time dateTime={session.lastUsedAt}>{session.lastUsedAt.slice(0, 16).replace('T', ' ')} UTC</time>
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="session" value={session.id} />
                  <button
                    type="submit"
                    className={secondaryButtonClass}
                    aria-label={`Sign out ${describeUserAgent(session.userAgent)}${session.current ? ' (this device)' : ''}`}
                  >
                    Sign out
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="sign-out-everywhere" />
              <button type="submit" className={secondaryButtonClass} disabled={submitting === 'sign-out-everywhere'}>
                Sign out everywhere
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="logout" />
              <button type="submit" className={secondaryButtonClass} disabled={submitting === 'logout'}>
                Sign out
              </button>
            </Form>
          </div>
        </section>

        <section aria-labelledby="plan-heading" className={sectionClass}>
          <h2 id="plan-heading" className="text-lg font-semibold">
            Plan
          </h2>
          <p className="mt-2">
            Your plan: <strong>{plan.plan.name}</strong>
            {plan.expiresAt ? (
              <>
                , until <time dateTime={plan.expiresAt}>{formatPlanDate(plan.expiresAt)}</time>
              </>
            ) : null}
            .
          </p>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {plan.expiresAt
              ? 'It does not renew by itself: paying again before then adds the new period after this one.'
              : renew
                ? `Your ${renew.name} has ended. Scores, fixtures and results stay free for everyone.`
                : 'Scores, fixtures and results stay free for everyone. Premium takes the ads away.'}
          </p>
          <p className="mt-3 flex flex-wrap items-center gap-3">
            {renew ? (
              <AppLink to={`/pricing?plan=${encodeURIComponent(renew.code)}`} className={primaryLinkClass}>
                Renew {renew.name}
              </AppLink>
            ) : null}
            <AppLink to="/pricing" className={renew ? linkClass : primaryLinkClass}>
              See the plans
            </AppLink>
          </p>
        </section>

        <section aria-labelledby="orders-heading" className={sectionClass}>
          <h2 id="orders-heading" className="text-lg font-semibold">
            Orders
          </h2>
          {orders.orders.length === 0 ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              {orders.page === 1 ? 'No orders yet.' : 'No more orders.'}
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" data-testid="order-history">
              {orders.orders.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {order.planName} · {formatPrice(order.amountMinor, order.currency)}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      <time dateTime={order.createdAt}>{formatPlanDate(order.createdAt)}</time> ·{' '}
                      {paymentMethodLabel(order.provider)}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span
                      className={`rounded px-2 py-0.5 text-sm ${order.status === 'paid' ? 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-brand-100' : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200'}`}
                    >
                      {STATUS_TEXT[order.status]}
                    </span>
                    {order.hasReceipt ? (
                      <AppLink to={`/account/orders/${encodeURIComponent(order.id)}`} className={linkClass}>
                        Receipt
                        <span className="sr-only">
                          {' '}
                          for {order.planName}, {formatPlanDate(order.createdAt)}
                        </span>
                      </AppLink>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {orders.page > 1 || orders.nextPage ? (
            <nav aria-label="Order pages" className="mt-3 flex flex-wrap gap-4">
              {orders.page > 1 ? (
                <AppLink
                  to={
                    orders.page === 2 ? '/account#orders-heading' : `/account?orders=${orders.page - 1}#orders-heading`
                  }
                  className={linkClass}
                >
                  Newer orders
                </AppLink>
              ) : null}
              {orders.nextPage ? (
                <AppLink to={`/account?orders=${orders.nextPage}#orders-heading`} className={linkClass}>
                  More orders
                </AppLink>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </>
  );
}
