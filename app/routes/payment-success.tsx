import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/payment-success';

export const handle = { breadcrumb: 'Payment successful' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Payment successful', description: 'Your payment went through.', noIndex: true });

export default function Page() {
  return (
    <>
      <PageHeader title="Payment successful" />
      <ComingSoon title="Thank you">
        After a successful payment this page confirms the plan you bought and until when it runs.
      </ComingSoon>
    </>
  );
}
