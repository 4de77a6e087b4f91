import { ComingSoon } from '../components/coming-soon.tsx';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/match-centre';

export const handle = { preserveScroll: true };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) => {
  const frame = args.matches.find((match) => match?.id === 'routes/match')?.loaderData as { id: number | null } | undefined;
  return pageMeta(args, {
    title: frame?.id ? `Match ${frame.id}` : 'Matches',
    description: 'Live score, timeline, commentary, line-ups, statistics and head-to-head.',
  });
};

const SECTIONS: Array<[string, string]> = [
  ['Timeline', 'Goals, cards, substitutions and period changes minute by minute.'],
  ['Commentary', 'A plain-English account of the match, generated from what the data shows.'],
  ['Line-ups', 'Both teams on a pitch in their formation, with substitutions.'],
  ['Chalkboard', 'Shot map with outcomes and pass maps per player, on a drawn pitch.'],
  ['Team stats', 'Shots, possession, passes, corners, fouls, offsides and cards.'],
  ['Player stats', 'A sortable table of every player who took part.'],
  ['Momentum', 'Which team was on top, minute by minute.'],
  ['Head-to-head', 'Previous meetings between the two teams and their record.'],
  ['Table', 'The competition table around both teams.'],
];

export default function MatchCentre({ params }: Route.ComponentProps) {
  if (!params.id) {
    return (
      <ComingSoon title="Matches">
        Open a match from the fixtures on the home page, a league or a team to see its match centre here.
      </ComingSoon>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {SECTIONS.map(([title, text]) => (
        <ComingSoon key={title} title={title}>
          {text}
        </ComingSoon>
      ))}
    </div>
  );
}
