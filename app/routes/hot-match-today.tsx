import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/hot-match-today';

export const handle = { breadcrumb: 'Hot matches today' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Hot matches today', description: "Today's most important football matches, live ones first." });

export default function HotMatchToday() {
  return (
    <>
      <PageHeader title="Hot matches today">The matches everyone will be talking about today.</PageHeader>
      <ComingSoon title="Today's biggest games">
        Matches from the biggest competitions and top-of-table clashes are listed here, live ones first, with kick-off
        times in your time zone. Staff can pin matches to the top.
      </ComingSoon>
    </>
  );
}
