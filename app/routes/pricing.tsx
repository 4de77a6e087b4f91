import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/pricing';

export const handle = { breadcrumb: 'Pricing' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Pricing', description: 'Plans and prices: free with ads, or premium without.' });

export default function Page() {
  return (
    <>
      <PageHeader title="Plans and pricing" />
      <ComingSoon title="Plans">
        The free plan and the premium plans appear here with their prices, what each includes and how long it lasts. Scores, fixtures and results stay free for everyone.
      </ComingSoon>
    </>
  );
}
