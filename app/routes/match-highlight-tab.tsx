import { data } from 'react-router';
import { ComingSoon } from '../components/coming-soon.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { LiveMatchData } from '../lib/live/use-live.ts';
import { formatMatchDate } from './match.tsx';
import type { Route } from './+types/match-highlight-tab';

// Switching between the match centre and its highlight keeps the reader's place.
export const handle = { breadcrumb: 'Highlight', preserveScroll: true };

export function loader({ params }: Route.LoaderArgs) {
  // The parent validated the id when present; a highlight needs one.
  if (!params.id) throw data(null, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = (args) => {
  // The title template of the match centre ('Arsenal v Chelsea, 14 Jan 2018 highlight | Scoreline').
  const frame = args.matches.find((match) => match?.id === 'routes/match')?.loaderData as { live: LiveMatchData | null } | undefined;
  const match = frame?.live?.match;
  if (!match) return pageMeta(args, { title: 'Match highlight', description: 'Video highlights of the match.' });
  const fixture = `${match.home.name} v ${match.away.name}`;
  return pageMeta(args, {
    title: `${fixture}, ${formatMatchDate(match.replayOf?.kickoffAt ?? match.kickoffAt)} highlight`,
    description: `${match.competition.name}: video highlights of ${fixture}.`,
  });
};

export default function MatchHighlightTab() {
  return (
    <ComingSoon title="Highlight">
      When a highlight video is available for this match it plays here; until then the match centre has the full story.
    </ComingSoon>
  );
}
