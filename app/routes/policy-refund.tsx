// /policy/refund (issue #21): the refund policy as the CMS's refund action
// enforces it. The rules come from domain/refund-policy.ts, the constants the
// action reads, so the page cannot promise a refund the action refuses.
import { REFUND_POLICY, REFUND_RULES } from '../../domain/refund-policy.ts';
import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Prose } from '../components/prose.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import { useSite } from '../lib/site/site.ts';
import type { Route } from './+types/policy-refund';

export const handle = { breadcrumb: 'Refund policy' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Refund policy',
    description: `A full refund of a premium plan within ${REFUND_POLICY.windowDays} days of paying: how to ask, and what happens to your plan.`,
  });

export default function Page() {
  const site = useSite();
  const siteName = site?.siteName ?? 'Scoreline';
  return (
    <>
      <PageHeader title="Refund policy" />
      <Prose>
        <p>
          Scores, fixtures and results on {siteName} are free. Premium plans add extras, such as an ad-free site or
          premium video, for a fixed period shown on the <AppLink to="/pricing">pricing page</AppLink> before you pay.
          This page says exactly when you can get your money back.
        </p>

        <h2>The rules</h2>
        <ul data-testid="refund-rules">
          {REFUND_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p>
          These are the rules our staff&apos;s refund tool applies; it refuses anything outside them. Nothing here
          reduces the rights the law gives you.
        </p>

        <h2>How to ask for a refund</h2>
        <ul>
          <li>
            Use the <AppLink to="/contact">contact page</AppLink> and choose &quot;Payments and plans&quot;
            {site?.supportEmail ? (
              <>
                , or email <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
              </>
            ) : null}
            , within {REFUND_POLICY.windowDays} days of your payment.
          </li>
          <li>
            Write from the email address of your account, or include it, and tell us the order: the order number from
            your confirmation, or the reference you quoted on a bank transfer.
          </li>
          <li>Tell us briefly why you are asking: staff record a reason with every refund.</li>
        </ul>

        <h2>How the money comes back</h2>
        <p>
          The refund goes back the way you paid: to your card through the payment provider, or, for a bank transfer, by
          a transfer back to the account you paid from. Your bank may take a few working days to show it.
        </p>

        <h2>What happens to your plan</h2>
        <p>
          The plan the refunded order paid for ends when the refund is made. If you had paid for further time with
          another order, that time is kept. Your account, favourites and settings are kept too.
        </p>

        <h2>Questions</h2>
        <p>
          For anything this page does not answer, contact us through the <AppLink to="/contact">contact page</AppLink>.
          Our <AppLink to="/terms">terms of use</AppLink> cover paid plans in general.
        </p>
      </Prose>
    </>
  );
}
