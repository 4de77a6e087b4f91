// Home's Following section (issue #19, "Following and tables"): each followed
// team with its next match (or the one under way) and its last result, the
// followed competitions and the followed matches, scores kept live. The
// favourites live on the device (synced to the account when signed in), so the
// server renders the invitation and the browser asks GET /api/following once it
// knows them (use-following.ts). Home loads this code after its own
// (app/lib/loading/deferred.tsx: the first-load budget).
import { useMemo, type ReactNode } from 'react';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import type { FollowedTeam, Following } from '../../../domain/following-contracts.ts';
import { orderFollowedMatches } from '../../../domain/following.ts';
import { isLive } from '../../../domain/match-status.ts';
import { formatDate } from '../../../domain/time-zones.ts';
import { AppLink } from '../../components/app-link.tsx';
import { MatchRow, TeamBadge } from '../../components/match-row.tsx';
import { useSignedInUser } from '../../lib/auth/auth-user.ts';
import { useLiveScores, useNow } from '../../lib/live/use-live.ts';
import {
  toggleFavouriteCompetition,
  toggleFavouriteMatch,
  toggleFavouriteTeam,
  useFavourites,
  type Favourites,
} from '../../lib/preferences/favourites.ts';
// Home's own star (its rows have it), not the team page's: this code loads after home's, and a module
// home does not load itself would be split out of the league and team pages' first load.
import { StarButton } from '../match-list/match-list.tsx';
import { useFollowing } from './use-following.ts';

export interface FollowingSectionProps {
  /** The zone the page writes times in. */
  timeZone: string;
  /** Spoiler-safe mode (app/lib/preferences/spoiler.ts): whose score to hide. */
  isHidden: (match: MatchSummary) => boolean;
}

const card = 'rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';
const muted = 'text-sm text-slate-600 dark:text-slate-400';

/** What the answer has that is still followed, in the order it was starred (an unstar shows at once). */
function stillFollowed(data: Following | null, favourites: Favourites) {
  if (!data) return { teams: [], competitions: [], matches: [] };
  return {
    teams: favourites.teams.flatMap((id) => data.teams.find((entry) => entry.team.id === id) ?? []),
    competitions: favourites.competitions.flatMap((code) => data.competitions.find((entry) => entry.code === code) ?? []),
    matches: data.matches.filter((match) => favourites.matches.includes(match.id)),
  };
}

/** Every match the answer shows, once: the list the live scores patch. */
function matchesOf(data: Following | null): MatchSummary[] {
  if (!data) return [];
  const all = new Map<number, MatchSummary>();
  for (const entry of data.teams) for (const match of [entry.next, entry.last]) if (match) all.set(match.id, match);
  for (const match of data.matches) all.set(match.id, match);
  return [...all.values()];
}

export function FollowingSection({ timeZone, isHidden }: FollowingSectionProps) {
  const favourites = useFavourites();
  const { data, loading, failed, retry } = useFollowing(favourites);
  const signedIn = useSignedInUser() !== null;
  // Memoised: useLiveScores starts over whenever it is handed a new list.
  const answered = useMemo(() => matchesOf(data), [data]);
  const patched = useLiveScores(answered, null);
  const current = useMemo(() => new Map(patched.map((match) => [match.id, match])), [patched]);
  const now = useNow(1000, patched.some((match) => isLive(match.status)));
  const latest = (match: MatchSummary) => current.get(match.id) ?? match;

  const shown = stillFollowed(data, favourites);
  const followsAny = favourites.teams.length + favourites.competitions.length + favourites.matches.length > 0;
  const showsAny = shown.teams.length + shown.competitions.length + shown.matches.length > 0;
  const row = { now, timeZone, isHidden };

  return (
    <section aria-labelledby="following-heading" aria-busy={loading} data-testid="following">
      <h2 id="following-heading" className="mb-2 text-lg font-semibold">
        Following
      </h2>
      {!followsAny || (!showsAny && !loading && !failed) ? (
        <Invitation signedIn={signedIn} />
      ) : !showsAny ? (
        failed ? (
          <Failed retry={retry} />
        ) : (
          <p className={`${card} p-4 ${muted}`}>Loading what you follow…</p>
        )
      ) : (
        <div className="space-y-4">
          {failed ? <Failed retry={retry} /> : null}
          {shown.teams.length > 0 ? (
            <ul className="space-y-3" aria-label="Teams">
              {shown.teams.map((entry) => (
                <TeamCard key={entry.team.id} entry={entry} latest={latest} {...row} />
              ))}
            </ul>
          ) : null}
          {shown.competitions.length > 0 ? (
            <div>
              <h3 className="mb-1 text-sm font-semibold">Competitions</h3>
              <ul className={`${card} px-1 py-1`} data-testid="following-competitions">
                {shown.competitions.map((competition) => (
                  <li key={competition.code} className="flex items-center gap-1">
                    <AppLink
                      to={`/league/${competition.code}`}
                      className="min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                    >
                      <span className="font-semibold">{competition.name}</span>
                      <span className="ml-2 text-slate-600 dark:text-slate-400">{competition.areaName}</span>
                    </AppLink>
                    <StarButton
                      label={competition.name}
                      active={favourites.competitions.includes(competition.code)}
                      onToggle={() => toggleFavouriteCompetition(competition.code)}
                    />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {shown.matches.length > 0 ? (
            <div>
              <h3 className="mb-1 text-sm font-semibold">Matches</h3>
              <div className={`${card} px-1 py-1`} data-testid="following-matches">
                {orderFollowedMatches(shown.matches.map(latest), now).map((match) => (
                  <MatchLine
                    key={match.id}
                    match={match}
                    caption={null}
                    star={
                      <StarButton
                        label={`${match.home.name} v ${match.away.name}`}
                        active={favourites.matches.includes(match.id)}
                        onToggle={() => toggleFavouriteMatch(match.id)}
                      />
                    }
                    {...row}
                  />
                ))}
              </div>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}

interface RowSettings {
  now: Date;
  timeZone: string;
  isHidden: (match: MatchSummary) => boolean;
}

/** One match under a line saying what it is to the visitor, when, and in which competition. */
function MatchLine({
  match,
  caption,
  star,
  now,
  timeZone,
  isHidden,
}: RowSettings & { match: MatchSummary; caption: string | null; star?: ReactNode }) {
  const when = formatDate(match.kickoffAt, timeZone, { short: true, weekday: true });
  return (
    <div>
      <p className="truncate px-1.5 pt-1.5 text-xs text-slate-600 dark:text-slate-400" title={match.competition.name}>
        {caption ? <span className="font-semibold text-slate-800 dark:text-slate-200">{caption} · </span> : null}
        {when} · {match.competition.name}
      </p>
      <ul>
        <MatchRow match={match} now={now} timeZone={timeZone} hideScore={isHidden(match)} actions={star} />
      </ul>
    </div>
  );
}

function TeamCard({
  entry,
  latest,
  ...row
}: RowSettings & { entry: FollowedTeam; latest: (match: MatchSummary) => MatchSummary }) {
  const { team } = entry;
  const next = entry.next ? latest(entry.next) : null;
  const last = entry.last ? latest(entry.last) : null;
  return (
    <li className={card} data-testid="following-team">
      <div className="flex items-center gap-2 border-b border-slate-200 py-1 pl-3 pr-1 dark:border-slate-800">
        <TeamBadge team={team} />
        <h3 className="min-w-0 flex-1 truncate text-sm font-semibold">
          <AppLink to={`/team/${team.id}`} className="hover:underline">
            {team.name}
          </AppLink>
        </h3>
        {/* Shown only while followed: the star takes the team off. */}
        <StarButton label={team.name} active onToggle={() => toggleFavouriteTeam(team.id)} />
      </div>
      <div className="px-1 pb-1">
        {next ? (
          <MatchLine match={next} caption={isLive(next.status) ? 'Live now' : 'Next match'} {...row} />
        ) : (
          <p className="px-1.5 pb-1 pt-1.5 text-xs text-slate-600 dark:text-slate-400">
            <span className="font-semibold text-slate-800 dark:text-slate-200">Next match · </span>none to come in our data
          </p>
        )}
        {last ? <MatchLine match={last} caption="Last result" {...row} /> : null}
      </div>
    </li>
  );
}

function Failed({ retry }: { retry: () => void }) {
  return (
    <p className={`${card} flex flex-wrap items-center gap-2 p-3 text-sm text-slate-700 dark:text-slate-300`}>
      What you follow could not be loaded.
      <button
        type="button"
        onClick={retry}
        className="rounded-full border border-slate-300 px-3 py-1 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        Try again
      </button>
    </p>
  );
}

/** What the section says before anything is followed: short, as on a phone it comes before the day's matches. */
function Invitation({ signedIn }: { signedIn: boolean }) {
  return (
    <div className={`${card} px-4 py-3 text-sm text-slate-700 dark:text-slate-300`} data-testid="following-empty">
      <p>
        Star{' '}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="inline size-4 align-[-0.15em] text-amber-600 dark:text-amber-400" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M10 2.5l2.3 4.8 5.2.7-3.8 3.7.9 5.2L10 14.4l-4.6 2.5.9-5.2-3.8-3.7 5.2-.7z" strokeLinejoin="round" />
        </svg>{' '}
        teams, competitions and matches to follow them here, with each team&apos;s next match and last result.
      </p>
      <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1">
        <AppLink to="/team" className="font-semibold underline underline-offset-2">
          Find a team
        </AppLink>
        {signedIn ? null : (
          <span>
            <AppLink to="/login" className="font-semibold underline underline-offset-2">
              Sign in
            </AppLink>{' '}
            to keep them on every device
          </span>
        )}
      </p>
    </div>
  );
}
