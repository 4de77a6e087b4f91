// The site's search (issue #19): one in-memory MiniSearch index over every team,
// competition and player. MiniSearch does the matching and scoring (BM25 over
// folded words, prefix for the word being typed, edit distance for typos); the
// one thing added here is each document's importance, given to MiniSearch as a
// document boost, so FC Barcelona comes before Barcelona SC and Internazionale
// before Inter Miami. Importance comes from data: the competitions a team plays
// in (competition.importance: top flights and European cups are high) and how
// recently, and for a player the matches played and the team played for.
import MiniSearch, { type SearchResult as MiniSearchResult } from 'minisearch';
import type { CompetitionRef, PlayerHit, TeamRef } from '../../../domain/football-contracts.ts';
import { foldText, teamKey } from '../../../domain/names.ts';
import { CURATED_TEAM_ALIASES } from './search-aliases.ts';

export interface SearchTeamInput extends TeamRef {
  kind: 'club' | 'national';
  countryCode: string | null;
  aliases: string[];
}

export interface SearchIndexInput {
  teams: SearchTeamInput[];
  /** A team's matches per competition: the competition's importance, the last kick-off, how many. */
  teamActivity: Array<{ teamId: number; importance: number; lastAt: string; matches: number }>;
  competitions: Array<CompetitionRef & { importance: number }>;
  players: Array<{ id: number; name: string; shortName: string }>;
  /** A player's spells: the team, the last time seen with it (ISO; '' when unknown) and how often. */
  spells: Array<{ playerId: number; teamId: number; lastAt: string; times: number }>;
}

interface IndexedDocument {
  id: string;
  kind: 'team' | 'competition' | 'player';
  name: string;
  aliases: string;
  place: string;
}

export interface SearchHits {
  teams: TeamRef[];
  competitions: CompetitionRef[];
  players: PlayerHit[];
}

const YEAR_MS = 365.25 * 24 * 3600 * 1000;
const MAX_WORDS = 8;

/** Words are folded the same way team names are keyed (accents, case and punctuation set aside). */
function tokenize(text: string): string[] {
  return foldText(text).split(' ');
}

/**
 * Abbreviations the data implies: the initials of a name of three words or more once club affixes
 * are set aside ("Paris Saint-Germain" PSG, "Queens Park Rangers" QPR, "West Bromwich Albion" WBA).
 */
export function initialsOf(name: string): string | null {
  const words = teamKey(name)
    .split(' ')
    .filter((word) => /^[a-z]/.test(word));
  return words.length >= 3 ? words.map((word) => word[0]).join('') : null;
}

/**
 * How much a team matters, 0–100: the most important competition it played in, discounted by how
 * long ago that was (a quarter less per year since, relative to the newest match in the data, down to
 * a floor of a third), plus a little for how much it played.
 */
function teamImportance(activity: SearchIndexInput['teamActivity'], newestAt: number): Map<number, number> {
  const scores = new Map<number, number>();
  const played = new Map<number, number>();
  for (const row of activity) {
    const yearsAgo = Math.max(0, (newestAt - Date.parse(row.lastAt)) / YEAR_MS);
    const score = row.importance * Math.max(1 / 3, 1 - yearsAgo / 4);
    scores.set(row.teamId, Math.max(scores.get(row.teamId) ?? 0, score));
    played.set(row.teamId, (played.get(row.teamId) ?? 0) + row.matches);
  }
  for (const [teamId, matches] of played)
    scores.set(teamId, (scores.get(teamId) ?? 0) + Math.min(5, Math.log10(1 + matches)));
  return scores;
}

/** The boost MiniSearch multiplies a document's score by: steep, so importance decides between names that match alike. */
function boostOf(importance: number): number {
  return 1 + 9 * (Math.max(0, importance) / 100) ** 3;
}

export class SearchIndex {
  private readonly engine: MiniSearch<IndexedDocument>;
  private readonly boosts = new Map<string, number>();
  private readonly teams = new Map<string, TeamRef>();
  private readonly competitions = new Map<string, CompetitionRef>();
  private readonly players = new Map<string, PlayerHit>();

  constructor(input: SearchIndexInput) {
    this.engine = new MiniSearch<IndexedDocument>({
      fields: ['name', 'aliases', 'place'],
      tokenize,
      processTerm: (term) => (term === '' ? null : term),
    });
    const newestAt = Math.max(
      0,
      ...input.teamActivity.map((row) => Date.parse(row.lastAt)).filter((at) => at <= Date.now() + YEAR_MS),
    );
    const importance = teamImportance(input.teamActivity, newestAt);
    const curated = new Map<string, string[]>();
    for (const entry of CURATED_TEAM_ALIASES) curated.set(`${entry.countryCode}:${teamKey(entry.team)}`, entry.aliases);

    const documents: IndexedDocument[] = [];
    const teamById = new Map<number, TeamRef>();
    for (const team of input.teams) {
      const ref: TeamRef = { id: team.id, name: team.name, shortName: team.shortName, colours: team.colours };
      teamById.set(team.id, ref);
      const names = new Set([team.shortName, ...team.aliases]);
      for (const name of [team.name, ...names]) {
        const found = curated.get(`${team.countryCode ?? ''}:${teamKey(name)}`);
        if (found) for (const alias of found) names.add(alias);
        const initials = team.kind === 'club' ? initialsOf(name) : null;
        if (initials) names.add(initials);
      }
      names.delete(team.name);
      const id = `t${team.id}`;
      this.teams.set(id, ref);
      this.boosts.set(id, boostOf(importance.get(team.id) ?? 0));
      documents.push({
        id,
        kind: 'team',
        name: team.name,
        aliases: [...names].join(' · '),
        place: team.countryCode ?? '',
      });
    }
    for (const competition of input.competitions) {
      const id = `c${competition.code}`;
      this.competitions.set(id, { code: competition.code, name: competition.name, areaName: competition.areaName });
      this.boosts.set(id, boostOf(competition.importance));
      documents.push({
        id,
        kind: 'competition',
        name: competition.name,
        aliases: competition.code.replace(/\./g, ' '),
        place: competition.areaName,
      });
    }
    const latest = new Map<number, { teamId: number; lastAt: string }>();
    const times = new Map<number, number>();
    for (const spell of input.spells) {
      const current = latest.get(spell.playerId);
      if (!current || spell.lastAt > current.lastAt)
        latest.set(spell.playerId, { teamId: spell.teamId, lastAt: spell.lastAt });
      times.set(spell.playerId, (times.get(spell.playerId) ?? 0) + spell.times);
    }
    for (const player of input.players) {
      const id = `p${player.id}`;
      const spell = latest.get(player.id);
      const team = spell ? (teamById.get(spell.teamId) ?? null) : null;
      // A player matters through the team played for, how lately and how often: a current regular of a top club first.
      const yearsAgo = spell?.lastAt ? Math.max(0, (newestAt - Date.parse(spell.lastAt)) / YEAR_MS) : 40;
      const teamScore = spell ? (importance.get(spell.teamId) ?? 0) : 0;
      const score =
        teamScore * 0.8 * Math.max(0.2, 1 - yearsAgo / 20) +
        Math.min(20, 8 * Math.log10(1 + (times.get(player.id) ?? 0)));
      this.players.set(id, { id: player.id, name: player.shortName, fullName: player.name, team });
      this.boosts.set(id, boostOf(score));
      documents.push({
        id,
        kind: 'player',
        name: player.name,
        aliases: player.shortName === player.name ? '' : player.shortName,
        place: '',
      });
    }
    this.engine.addAll(documents);
  }

  /** The raw ranked hits of one search, all kinds; `all` demands every word (else any word will do). */
  private find(query: string, all: boolean): MiniSearchResult[] {
    // No name has more words; the cap bounds the work a long query can ask for.
    const words = tokenize(query)
      .filter((word) => word !== '')
      .slice(0, MAX_WORDS);
    return this.engine.search(words.join(' '), {
      boost: { name: 3, aliases: 2, place: 0.3 },
      combineWith: all ? 'AND' : 'OR',
      // The word being typed may be unfinished (from two letters: one letter would expand to thousands
      // of words); the others are whole words, possibly misspelt.
      prefix: (term, index) => index === words.length - 1 && term.length >= 2,
      fuzzy: (term) => (term.length >= 4 ? 0.25 : false),
      maxFuzzy: 2,
      boostDocument: (id) => this.boosts.get(String(id)) ?? 1,
    });
  }

  /** Teams, competitions and players best first: every word matching when anything does, else any word. */
  search(query: string, limit: number): SearchHits {
    const strict = this.find(query, true);
    const hits = strict.length > 0 ? strict : this.find(query, false);
    const result: SearchHits = { teams: [], competitions: [], players: [] };
    for (const hit of hits) {
      const id = String(hit.id);
      const team = this.teams.get(id);
      if (team && result.teams.length < limit) result.teams.push(team);
      const competition = this.competitions.get(id);
      if (competition && result.competitions.length < limit) result.competitions.push(competition);
      const player = this.players.get(id);
      if (player && result.players.length < limit) result.players.push(player);
    }
    return result;
  }

  /** The team every word of `words` names, best first, with its score (for reading "arsenal v chelsea"). */
  findTeam(words: string): { team: TeamRef; score: number } | null {
    for (const hit of this.find(words, true)) {
      const team = this.teams.get(String(hit.id));
      if (team) return { team, score: hit.score };
    }
    return null;
  }

  /** Whether one team matches every word of the query (then it is a team search, not two teams). */
  namesOneTeam(query: string): boolean {
    return this.findTeam(query) !== null;
  }

  get size(): number {
    return this.engine.documentCount;
  }
}
