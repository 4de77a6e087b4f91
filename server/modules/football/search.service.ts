// Search (issue #19): the in-memory index (search-index.ts), kept fresh, and
// matches read from the query when it names two teams.
//
// Freshness and several nodes: each web node builds its own index from the
// shared database on its first search, then at most every `recheckMs` (30 s)
// a search reads a cheap stamp (last finished import, newest team and player,
// aliases and competitions: search.queries.ts) and rebuilds when it changed.
// So an import or a team the live pipeline adds on any node reaches every
// node's search within 30 s, with no message between nodes and no timer to
// stop; concurrent searches share one rebuild, and searches keep the old index
// while a rebuild runs. `refresh()` rebuilds now (after an import in the same
// process, and in tests).
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { MatchSummary, SearchResult } from '../../../domain/football-contracts.ts';
import { foldText } from '../../../domain/names.ts';
import { listMatchSummaries } from './football.queries.ts';
import { SearchIndex } from './search-index.ts';
import {
  listSearchCompetitions,
  listSearchPlayers,
  listSearchTeams,
  listTeamActivity,
  readSearchStamp,
} from './search.queries.ts';

const RECHECK_MS = 30_000;
const SEPARATORS = new Set(['v', 'vs', 'versus', 'against']);

function rank(pair: [number, number], id: number): number {
  const at = pair.indexOf(id);
  return at === -1 ? 2 : at;
}

/** Reads everything the index holds, and builds it. */
export async function buildSearchIndex(db: Kysely<Database>): Promise<SearchIndex> {
  const [teams, teamActivity, competitions, { players, spells }] = await Promise.all([
    listSearchTeams(db),
    listTeamActivity(db),
    listSearchCompetitions(db),
    listSearchPlayers(db),
  ]);
  return new SearchIndex({ teams, teamActivity, competitions, players, spells });
}

/**
 * The two sides and the year a query may name ("arsenal v chelsea 2018", "arsenal chelsea"): every
 * way of cutting its words in two, or only the cut at "v"/"vs" when it has one.
 */
/** The words of a query that count (search-index.ts keeps the same number). */
const MAX_QUERY_WORDS = 8;

export function readMatchQuery(query: string): {
  cuts: Array<[string, string]>;
  year: number | null;
  explicit: boolean;
  words: string;
} {
  // As the index does (search-index.ts), only the first eight words count: a long query would otherwise be
  // cut in two at every word, each cut two fuzzy searches (a 100-character query took 38 ms).
  let words = foldText(query)
    .split(' ')
    .filter((word) => word !== '')
    .slice(0, MAX_QUERY_WORDS);
  const yearWord = words.find((word) => /^(18|19|20)\d\d$/.test(word));
  const year = yearWord === undefined ? null : Number(yearWord);
  words = words.filter((word) => word !== yearWord);
  const separator = words.findIndex((word) => SEPARATORS.has(word));
  if (separator > 0 && separator < words.length - 1) {
    const cut: [string, string] = [words.slice(0, separator).join(' '), words.slice(separator + 1).join(' ')];
    return { cuts: [cut], year, explicit: true, words: cut.join(' ') };
  }
  const cuts: Array<[string, string]> = [];
  for (let at = 1; at < words.length; at += 1) cuts.push([words.slice(0, at).join(' '), words.slice(at).join(' ')]);
  return { cuts, year, explicit: false, words: words.join(' ') };
}

export function createSearchService(db: Kysely<Database>, options: { recheckMs?: number } = {}) {
  const recheckMs = options.recheckMs ?? RECHECK_MS;
  let current: { index: SearchIndex; stamp: string } | null = null;
  let checkedAt = 0;
  let pending: Promise<SearchIndex> | null = null;

  async function rebuild(): Promise<SearchIndex> {
    const stamp = await readSearchStamp(db);
    if (current && current.stamp === stamp) return current.index;
    const index = await buildSearchIndex(db);
    current = { index, stamp };
    return index;
  }

  function shared(work: () => Promise<SearchIndex>): Promise<SearchIndex> {
    pending ??= work().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function getIndex(): Promise<SearchIndex> {
    const now = Date.now();
    if (current && now - checkedAt < recheckMs) return current.index;
    checkedAt = now;
    return shared(rebuild);
  }

  /**
   * The matches between the two teams the query names, newest first, and the query's words without
   * "v" and the year; no matches when it names no two teams, or one team by all its words ("real madrid").
   */
  async function findMatches(
    index: SearchIndex,
    query: string,
    limit: number,
  ): Promise<{ matches: MatchSummary[]; words: string; pair: [number, number] | null }> {
    const { cuts, year, explicit, words } = readMatchQuery(query);
    const none = { matches: [], words: query, pair: null };
    if (cuts.length === 0 || (!explicit && index.namesOneTeam(words))) return none;
    let best: { pair: [number, number]; score: number } | null = null;
    for (const [left, right] of cuts) {
      const first = index.findTeam(left);
      const second = index.findTeam(right);
      if (!first || !second || first.team.id === second.team.id) continue;
      const score = first.score * second.score;
      if (!best || score > best.score) best = { pair: [first.team.id, second.team.id], score };
    }
    if (!best) return none;
    const matches = await listMatchSummaries(db, {
      pair: best.pair,
      order: 'desc',
      limit,
      ...(year === null ? {} : { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) }),
    });
    return { matches, words, pair: best.pair };
  }

  return {
    /** Teams, competitions and players by importance and match; matches when the query names two teams. */
    async search(query: string, limit = 10): Promise<SearchResult> {
      if (foldText(query) === '') return { teams: [], competitions: [], players: [], matches: [] };
      const index = await getIndex();
      const { matches, words, pair } = await findMatches(index, query, limit);
      const hits = index.search(words, limit);
      // The two teams named lead the teams, in the order they were typed.
      if (pair) hits.teams.sort((a, b) => rank(pair, a.id) - rank(pair, b.id));
      return { ...hits, matches };
    },

    /** Rebuilds the index now if the data changed (an import in this process just finished). */
    async refresh(): Promise<void> {
      checkedAt = Date.now();
      await shared(rebuild);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
