import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/payment-copy-link';

export const handle = { breadcrumb: 'Pay on another device' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Pay on another device', description: 'Copy a payment link to pay on another device.', noIndex: true });

export default function Page() {
  return (
    <>
      <PageHeader title="Pay on another device" />
      <ComingSoon title="Payment link">
        When you start a payment you can copy a signed link here and open it on another device; the link expires after a short time.
      </ComingSoon>
    </>
  );
}
