import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/payment-result';

export const handle = { breadcrumb: 'Payment result' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Payment result', description: 'The state of your payment.', noIndex: true });

export default function Page() {
  return (
    <>
      <PageHeader title="Payment result" />
      <ComingSoon title="Your payment">
        After a payment this page shows its true state: paid, pending or failed, and the plan it unlocked.
      </ComingSoon>
    </>
  );
}
