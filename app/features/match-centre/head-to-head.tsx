// Head-to-head (issue #5): the two teams' record before this match (wins,
// draws, goals) and their latest earlier meetings, each linking to its match.
// Penalty shoot-outs count as draws in the record, as in the official ones.
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import type { MatchHeadToHead } from '../../../domain/match-insight.ts';
import { formatDate } from '../../../domain/time-zones.ts';
import { AppLink } from '../../components/app-link.tsx';
import { TeamBadge } from '../../components/match-row.tsx';
import { describeRound } from '../../../domain/match-order.ts';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function Meeting({ meeting }: { meeting: MatchSummary }) {
  const { home, away, score } = meeting;
  const homeWon = score.home !== null && score.away !== null && (score.home > score.away || (score.home === score.away && (score.penalties?.home ?? 0) > (score.penalties?.away ?? 0)));
  const awayWon = score.home !== null && score.away !== null && (score.away > score.home || (score.home === score.away && (score.penalties?.away ?? 0) > (score.penalties?.home ?? 0)));
  const detail = [meeting.competition.name, describeRound(meeting)].filter(Boolean).join(', ');
  return (
    <li>
      <AppLink
        to={`/match/${meeting.id}`}
        className="block rounded-lg px-2 py-2 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {formatDate(meeting.kickoffAt, 'UTC', { short: true })} · {detail}
        </span>
        <span className="sr-only">: </span>
        <span className="mt-1 grid grid-cols-[1fr_auto_1fr] items-center gap-2 text-sm">
          <span className={`flex items-center justify-end gap-2 text-right ${homeWon ? 'font-semibold' : ''}`}>
            {home.name} <TeamBadge team={home} />
          </span>{' '}
          <span className="min-w-14 rounded bg-slate-100 px-2 py-0.5 text-center font-bold tabular-nums dark:bg-slate-800">
            {score.home} – {score.away}
          </span>{' '}
          <span className={`flex items-center gap-2 ${awayWon ? 'font-semibold' : ''}`}>
            <TeamBadge team={away} /> {away.name}
          </span>
        </span>
        {score.penalties || score.extraTime ? (
          <span className="mt-0.5 block text-center text-xs text-slate-600 dark:text-slate-400">
            <span className="sr-only">, </span>
            {score.penalties ? `${score.penalties.home} – ${score.penalties.away} on penalties` : 'after extra time'}
          </span>
        ) : null}
      </AppLink>
    </li>
  );
}

export function HeadToHead({ headToHead, match }: { headToHead: MatchHeadToHead; match: MatchSummary }) {
  const { record, matches } = headToHead;
  if (record.played === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="head-to-head">
        {match.home.name} and {match.away.name} have not met before in the matches we hold.
      </p>
    );
  }
  const share = (count: number) => `${(count / record.played) * 100}%`;
  return (
    <div data-testid="head-to-head">
      <p className="sr-only">
        Before this match, {plural(record.played, 'meeting')}: {match.home.name} won {record.homeWins}, {plural(record.draws, 'draw')}, {match.away.name} won{' '}
        {record.awayWins}. Goals: {match.home.name} {record.homeGoals}, {match.away.name} {record.awayGoals}.
      </p>
      <div aria-hidden="true">
        <div className="grid grid-cols-3 text-center">
          <div>
            <p className="text-2xl font-bold tabular-nums text-blue-700 dark:text-blue-300">{record.homeWins}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">{match.home.shortName} wins</p>
          </div>
          <div>
            <p className="text-2xl font-bold tabular-nums">{record.draws}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">{record.draws === 1 ? 'Draw' : 'Draws'}</p>
          </div>
          <div>
            <p className="text-2xl font-bold tabular-nums text-orange-700 dark:text-orange-300">{record.awayWins}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">{match.away.shortName} wins</p>
          </div>
        </div>
        <div className="mt-2 flex h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
          <span className="bg-blue-600 dark:bg-blue-400" style={{ width: share(record.homeWins) }} />
          <span className="bg-slate-400 dark:bg-slate-500" style={{ width: share(record.draws) }} />
          <span className="bg-orange-600 dark:bg-orange-400" style={{ width: share(record.awayWins) }} />
        </div>
        <p className="mt-2 text-center text-xs text-slate-600 dark:text-slate-400">
          {plural(record.played, 'meeting')} · goals {record.homeGoals} – {record.awayGoals}
        </p>
      </div>
      <h3 className="mb-1 mt-4 text-sm font-semibold">{matches.length < record.played ? `Latest ${matches.length} meetings` : 'Previous meetings'}</h3>
      <ol className="-mx-2 divide-y divide-slate-100 dark:divide-slate-800" data-testid="h2h-meetings">
        {matches.map((meeting) => (
          <Meeting key={meeting.id} meeting={meeting} />
        ))}
      </ol>
    </div>
  );
}
