import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/live-sports';

export const handle = { breadcrumb: 'Live' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Live sports', description: 'Every match being played right now, with live scores.' });

export default function LiveSports() {
  return (
    <>
      <PageHeader title="Live now">Every match being played right now, grouped by sport and competition.</PageHeader>
      <ComingSoon title="Matches in play">
        Each live match shows its score, minute and status here and updates without reloading the page.
      </ComingSoon>
    </>
  );
}
