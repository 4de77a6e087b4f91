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
    description:
      'When you can get your money back for a premium plan, how to ask for a refund, and how long it takes to reach you.',
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
          This page explains when you can get your money back and how.
        </p>

        <h2>Changed your mind</h2>
        <p>
          You can ask for a full refund within 14 days of buying a plan if you have not used it, or have used it only
          a little (for example, to try a feature once). After 14 days, or once a plan has been used substantially, we
          do not normally refund the rest of the period, but the plan keeps working until its expiry date.
        </p>
        <p>
          If you live in the European Union or the United Kingdom, the law gives you 14 days from purchase to cancel an
          online purchase without giving a reason. Because a plan starts as soon as you pay, you agree at checkout that
          it begins straight away; if you then cancel within the 14 days, we may keep an amount in proportion to the
          days already used. Our policy above is meant to be at least as generous as the law, and nothing in it reduces
          your legal rights.
        </p>

        <h2>Failed, duplicate or mistaken charges</h2>
        <p>
          If you were charged but the plan was never activated, if you were charged twice for the same order, or if
          you were charged an amount different from the price shown, we will refund the wrong charge in full, whenever
          you tell us about it. You do not need to wait for the 14-day window or give any other reason.
        </p>

        <h2>Plans that stop working</h2>
        <p>
          If a paid feature is unavailable for a long time because of a fault on our side, or we withdraw a plan before
          it expires, we will refund the unused part of your plan on request.
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
            .
          </li>
          <li>
            Write from the email address of your account, or include it, and tell us the date of the payment, the plan
            and, if you have it, the order number from your confirmation.
          </li>
          <li>Tell us briefly why you are asking, so we can fix anything that went wrong.</li>
        </ul>
        <p>We reply to refund requests within 5 working days.</p>

        <h2>How long a refund takes</h2>
        <p>
          Once we approve a refund, we send it within 14 days to the same payment method you used. Your bank or card
          issuer may then take another 5 to 10 working days to show it on your statement. We cannot refund to a
          different card or account.
        </p>

        <h2>What happens to your plan</h2>
        <p>
          When a full refund is made, the plan ends on the day of the refund and your account returns to the free
          version. Your account, favourites and settings are kept. When only a wrong or duplicate charge is refunded,
          the plan you paid for once carries on as normal.
        </p>
        <p>
          If you open a dispute or chargeback with your bank instead of contacting us, we may pause the plan until
          the dispute is settled. Asking us first is usually quicker.
        </p>

        <h2>Questions</h2>
        <p>
          For anything this page does not answer, contact us through the <AppLink to="/contact">contact page</AppLink>
          . Our <AppLink to="/terms">terms of use</AppLink> cover paid plans in general.
        </p>
      </Prose>
    </>
  );
}
