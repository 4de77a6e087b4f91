// A tournament's knockout rounds as a bracket (issue #19): one column per round, the two ties that feed one
// of the next round side by side (domain/bracket.ts), each a link to its match (a two-legged tie shows the
// aggregate and each leg). Scrolls inside its own box on a phone; spoiler-safe mode hides the scores it
// hides elsewhere.
import type { BracketTie, KnockoutRound } from '../../../domain/bracket.ts';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import { ListLink } from '../../components/list-link.tsx';

export interface BracketProps {
  rounds: Array<{ name: KnockoutRound; ties: Array<BracketTie<MatchSummary>> }>;
  isHidden?: (match: MatchSummary) => boolean;
}

/** Goals of `teamId` over the tie's legs (a replay counts its last match only). */
function goalsOf(tie: BracketTie<MatchSummary>, teamId: number): number | null {
  const first = tie.legs[0];
  const legs = tie.legs.length === 2 && tie.legs[1]?.home.id !== first?.home.id ? tie.legs : tie.legs.slice(-1);
  let total = 0;
  for (const leg of legs) {
    const goals = leg.home.id === teamId ? leg.score.home : leg.score.away;
    if (goals === null) return null;
    total += goals;
  }
  return total;
}

function Side({ name, goals, pens, won }: { name: string; goals: string; pens: string | null; won: boolean }) {
  return (
    <span className={`flex items-center justify-between gap-2 ${won ? 'font-semibold' : ''}`}>
      <span className="truncate">{name}</span>
      <span className="tabular-nums">
        {goals}
        {pens ? <span className="text-xs font-normal text-slate-600 dark:text-slate-400"> ({pens})</span> : null}
      </span>
    </span>
  );
}

function TieCard({
  round,
  tie,
  isHidden,
}: {
  round: string;
  tie: BracketTie<MatchSummary>;
  isHidden?: BracketProps['isHidden'];
}) {
  const first = tie.legs[0] as MatchSummary;
  const last = tie.legs.at(-1) as MatchSummary;
  const hidden = tie.legs.some((leg) => isHidden?.(leg) ?? false);
  const [home, away] = [first.home, first.away];
  const shown = (goals: number | null) => (goals === null ? '' : hidden ? '?' : String(goals));
  const homeGoals = goalsOf(tie, home.id);
  const awayGoals = goalsOf(tie, away.id);
  const pens = last.score.penalties && !hidden ? last.score.penalties : null;
  // Penalties are the last match's home and away; the card lists the first match's sides.
  const pensFor = (teamId: number) => (pens ? String(last.home.id === teamId ? pens.home : pens.away) : null);
  const legs =
    tie.legs.length > 1 && !hidden ? tie.legs.map((leg) => `${leg.score.home ?? '–'}–${leg.score.away ?? '–'}`) : [];
  const label = `${round}: ${home.name} v ${away.name}${
    hidden || homeGoals === null || awayGoals === null
      ? ''
      : `, ${tie.legs.length > 1 ? 'aggregate ' : ''}${homeGoals}–${awayGoals}`
  }${pens ? `, ${pensFor(home.id)}–${pensFor(away.id)} on penalties` : ''}${legs.length > 0 ? ` (matches ${legs.join(', ')})` : ''}`;
  return (
    <ListLink
      to={`/match/${last.id}`}
      className="block rounded-lg border border-slate-200 px-2 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      aria-label={label}
      data-match-id={last.id}
    >
      <Side
        name={home.shortName}
        goals={shown(homeGoals)}
        pens={pensFor(home.id)}
        won={!hidden && tie.winnerId === home.id}
      />
      <Side
        name={away.shortName}
        goals={shown(awayGoals)}
        pens={pensFor(away.id)}
        won={!hidden && tie.winnerId === away.id}
      />
      {legs.length > 0 ? (
        <span className="block text-xs text-slate-600 dark:text-slate-400">{legs.join(' · ')}</span>
      ) : null}
    </ListLink>
  );
}

export function Bracket({ rounds, isHidden }: BracketProps) {
  return (
    <div className="relative overflow-x-auto" data-testid="bracket">
      <ol className="flex min-w-max gap-4">
        {rounds.map((round) => (
          <li key={round.name} className="flex w-44 flex-col">
            <h3 className="mb-2 text-sm font-semibold">{round.name}</h3>
            <ul className="flex flex-1 flex-col justify-around gap-2">
              {round.ties.map((tie) => (
                <li key={tie.legs.map((leg) => leg.id).join('-')}>
                  <TieCard round={round.name} tie={tie} isHidden={isHidden} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
