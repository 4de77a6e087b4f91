import { data } from 'react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/match-highlight-tab';

// Switching between the match centre and its highlight keeps the reader's place.
export const handle = { breadcrumb: 'Highlight', preserveScroll: true };

export function loader({ params }: Route.LoaderArgs) {
  // The parent validated the id when present; a highlight needs one.
  if (!params.id) throw data(null, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `Match ${args.params.id ?? ''} highlight`, description: 'Video highlights of the match.' });

export default function MatchHighlightTab() {
  return (
    <ComingSoon title="Highlight">
      When a highlight video is available for this match it plays here; until then the match centre has the full story.
    </ComingSoon>
  );
}
