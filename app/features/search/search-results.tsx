// The results page of the search (/team?q=…, the spec's team index): what the
// header's search form reaches without JavaScript, and where Enter goes when no
// suggestion is chosen. Server-rendered; each result has its favourite star.
import { Form } from 'react-router';
import type { SearchResult } from '../../../domain/football-contracts.ts';
import { AppLink } from '../../components/app-link.tsx';
import { TeamBadge } from '../../components/match-row.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { FavouriteStar } from '../preferences/favourite-star.tsx';
import { SEARCH_PAGE } from './search-page.ts';

export interface SearchResultsPageProps {
  query: string;
  result: SearchResult | null;
}

export function SearchResultsPage({ query, result }: SearchResultsPageProps) {
  const players = result?.players ?? [];
  const matches = result?.matches ?? [];
  const total = result ? result.teams.length + result.competitions.length + players.length + matches.length : 0;
  return (
    <>
      <PageHeader title={query ? `Search: ${query}` : 'Find a team or competition'}>
        <p>
          Every team, competition and player the site follows, by name or nickname (“Barça”, “Spurs”); two teams find
          their matches (“Arsenal v Chelsea 2018”). Accents, capitals and small typos do not matter.
        </p>
      </PageHeader>
      <Form
        method="get"
        action={SEARCH_PAGE}
        role="search"
        aria-label="Teams and competitions"
        className="mb-6 flex max-w-xl gap-2"
      >
        <label htmlFor="search-page-q" className="sr-only">
          Search teams and competitions
        </label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={query}
          key={query}
          maxLength={100}
          placeholder="Search teams, competitions"
          className="min-w-0 flex-1 rounded-md border border-slate-400 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
        />
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Search
        </button>
      </Form>
      {result ? (
        <p className="mb-4 text-slate-700 dark:text-slate-300" data-testid="search-count">
          {total === 0
            ? `No results for “${query}”. Try part of the name, such as “Madrid” or “Premier”.`
            : `${total} ${total === 1 ? 'result' : 'results'} for “${query}”.`}
        </p>
      ) : null}
      {matches.length > 0 ? (
        <section aria-labelledby="search-matches" className="mb-6">
          <h2 id="search-matches" className="mb-2 text-lg font-semibold">
            Matches
          </h2>
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
            data-testid="search-matches"
          >
            {matches.map((match) => (
              <li key={match.id} className="px-3 py-2">
                <AppLink to={`/match/${match.id}`} className="flex flex-wrap items-baseline gap-x-3 hover:underline">
                  <span className="font-medium">
                    {match.home.shortName} {match.score.home === null ? 'v' : `${match.score.home}–${match.score.away}`}{' '}
                    {match.away.shortName}
                  </span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {match.kickoffAt.slice(0, 10)} · {match.competition.name}
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result && result.teams.length > 0 ? (
        <section aria-labelledby="search-teams" className="mb-6">
          <h2 id="search-teams" className="mb-2 text-lg font-semibold">
            Teams
          </h2>
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
            data-testid="search-teams"
          >
            {result.teams.map((team) => (
              <li key={team.id} className="flex items-center gap-3 px-3 py-2">
                <TeamBadge team={team} />
                <AppLink
                  to={`/team/${team.id}`}
                  title={team.shortName === team.name ? undefined : team.name}
                  className="min-w-0 flex-1 truncate font-medium hover:underline"
                >
                  {team.shortName}
                </AppLink>
                <FavouriteStar compact target={{ kind: 'team', id: team.id, name: team.name }} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result && result.competitions.length > 0 ? (
        <section aria-labelledby="search-competitions">
          <h2 id="search-competitions" className="mb-2 text-lg font-semibold">
            Competitions
          </h2>
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
            data-testid="search-competitions"
          >
            {result.competitions.map((competition) => (
              <li key={competition.code} className="flex items-center gap-3 px-3 py-2">
                <AppLink
                  to={`/league/${encodeURIComponent(competition.code)}`}
                  className="min-w-0 flex-1 truncate hover:underline"
                >
                  <span className="font-medium">{competition.name}</span>
                  <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">{competition.areaName}</span>
                </AppLink>
                <FavouriteStar
                  compact
                  target={{ kind: 'competition', code: competition.code, name: competition.name }}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {players.length > 0 ? (
        <section aria-labelledby="search-players" className="mt-6">
          <h2 id="search-players" className="mb-2 text-lg font-semibold">
            Players
          </h2>
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
            data-testid="search-players"
          >
            {players.map((player) => (
              <li key={player.id} className="flex items-baseline gap-3 px-3 py-2">
                <span className="min-w-0 flex-1 truncate font-medium" title={player.fullName}>
                  {player.name}
                </span>
                {player.team ? (
                  <AppLink
                    to={`/team/${player.team.id}`}
                    className="shrink-0 text-sm text-slate-600 hover:underline dark:text-slate-400"
                  >
                    {player.team.shortName}
                  </AppLink>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
