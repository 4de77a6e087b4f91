import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/home';

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function Home() {
  return (
    <>
      <PageHeader title="Football scores today">
        Live scores, fixtures and results from the competitions this site follows.
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <ComingSoon title="Live now">
            Matches in play appear here with their score, minute and status, updating as they happen.
          </ComingSoon>
          <ComingSoon title="Fixtures and results">
            Today&apos;s fixtures and results, grouped by competition and shown in your time zone, with yesterday,
            tomorrow and any other date one tap away. Your favourite teams and competitions come first.
          </ComingSoon>
        </div>
        <div className="space-y-4">
          <ComingSoon title="Hot matches today">The day&apos;s biggest games: top competitions, top-of-table clashes and live matches first.</ComingSoon>
          <ComingSoon title="Competitions">Every league and cup the site follows, with its table, fixtures and results.</ComingSoon>
        </div>
      </div>
    </>
  );
}
