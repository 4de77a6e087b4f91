import { z } from 'zod';
import { ComingSoon } from '../components/coming-soon.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { numericIdSchema, parseParams } from '../lib/routing/params.ts';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/match-highlight';

export const handle = { breadcrumb: 'Match highlights' };

export function loader({ params }: Route.LoaderArgs) {
  const { id } = parseParams(z.object({ id: numericIdSchema.optional() }), params);
  return { id: id ?? null };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Match highlights', description: 'Video highlights of football matches.' });

export default function MatchHighlight({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Match highlights" />
      <ComingSoon title={loaderData.id ? `Highlight ${loaderData.id}` : 'Latest highlights'}>
        Highlight videos play here, with the match score and key moments beside them.
      </ComingSoon>
    </>
  );
}
