import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/payment-failure';

export const handle = { breadcrumb: 'Payment failed' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Payment failed', description: 'Your payment did not go through.', noIndex: true });

export default function Page() {
  return (
    <>
      <PageHeader title="Payment failed" />
      <ComingSoon title="Nothing was charged">
        When a payment fails this page says why, confirms nothing was charged, and lets you try again.
      </ComingSoon>
    </>
  );
}
