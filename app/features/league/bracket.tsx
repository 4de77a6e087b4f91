// A tournament's knockout rounds as a bracket (issue #19): one column per round, the two matches that feed
// one of the next round side by side (domain/bracket.ts), each a link to its match. Scrolls inside its own
// box on a phone; spoiler-safe mode hides the scores it hides elsewhere.
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import type { KnockoutRound } from '../../../domain/bracket.ts';
import { ListLink } from '../../components/list-link.tsx';

export interface BracketProps {
  rounds: Array<{ name: KnockoutRound; matches: MatchSummary[] }>;
  isHidden?: (match: MatchSummary) => boolean;
}

/** The side that went through, when the score says so (extra time, then penalties). */
function winnerOf(match: MatchSummary): 'home' | 'away' | null {
  if (match.status !== 'finished' && match.status !== 'awarded') return null;
  const { home, away, penalties } = match.score;
  if (home === null || away === null) return null;
  if (home !== away) return home > away ? 'home' : 'away';
  if (penalties) return penalties.home > penalties.away ? 'home' : penalties.home < penalties.away ? 'away' : null;
  return null;
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

export function Bracket({ rounds, isHidden }: BracketProps) {
  return (
    <div className="relative overflow-x-auto" data-testid="bracket">
      <ol className="flex min-w-max gap-4">
        {rounds.map((round) => (
          <li key={round.name} className="flex w-44 flex-col">
            <h3 className="mb-2 text-sm font-semibold">{round.name}</h3>
            <ul className="flex flex-1 flex-col justify-around gap-2">
              {round.matches.map((match) => {
                const hidden = isHidden?.(match) ?? false;
                const winner = hidden ? null : winnerOf(match);
                const goals = (value: number | null) => (value === null ? '' : hidden ? '?' : String(value));
                const pens = match.score.penalties && !hidden ? match.score.penalties : null;
                return (
                  <li key={match.id}>
                    <ListLink
                      to={`/match/${match.id}`}
                      className="block rounded-lg border border-slate-200 px-2 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
                      aria-label={`${round.name}: ${match.home.name} v ${match.away.name}${
                        hidden || match.score.home === null ? '' : `, ${match.score.home}–${match.score.away}`
                      }${pens ? `, ${pens.home}–${pens.away} on penalties` : ''}`}
                      data-match-id={match.id}
                    >
                      <Side
                        name={match.home.shortName}
                        goals={goals(match.score.home)}
                        pens={pens ? String(pens.home) : null}
                        won={winner === 'home'}
                      />
                      <Side
                        name={match.away.shortName}
                        goals={goals(match.score.away)}
                        pens={pens ? String(pens.away) : null}
                        won={winner === 'away'}
                      />
                    </ListLink>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
