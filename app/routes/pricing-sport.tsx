import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/pricing-sport';

export const handle = { breadcrumb: 'Sport plans' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Sport plans', description: 'Plans for a single sport.' });

export default function Page() {
  return (
    <>
      <PageHeader title="Plans for one sport" />
      <ComingSoon title="Sport plans">
        Plans that cover a single sport appear here, with their prices and durations.
      </ComingSoon>
    </>
  );
}
