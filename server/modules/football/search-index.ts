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
  /** Birth date (YYYY-MM-DD) and country where the source gives them: what tells one person's rows apart. */
  players: SearchPlayerInput[];
  /** A player's spells: the team, the last time seen with it (ISO; '' when unknown) and how often. */
  spells: Array<{ playerId: number; teamId: number; lastAt: string; times: number }>;
}

export interface SearchPlayerInput {
  id: number;
  name: string;
  shortName: string;
  birthDate?: string | null;
  country?: string | null;
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

/**
 * The names that can join two sources' rows, of two words at least ("Rodri", "Martínez" are too weak): the
 * name and short name (`exact`), and each with its first name as an initial (`initialled`: Wyscout's
 * "L. Messi" for "Lionel Messi").
 */
function joiningNames(player: SearchPlayerInput): { exact: string[]; initialled: string[] } {
  const exact = [...new Set([foldText(player.name), foldText(player.shortName)])].filter((name) => name.includes(' '));
  const initialled = exact
    .map((name) => name.replace(/^([a-z])[a-z]+ /, '$1 '))
    .filter((name) => !exact.includes(name));
  return { exact, initialled };
}

/**
 * The player rows that are one person (issue #19): each source stores its own row — openfootball's
 * "Virgil van Dijk", Wyscout's and Fjelstul's, with "V. van Dijk" and "van Dijk" — and search listed each.
 * Rows of the same country are one person when they share a name of two words or more (joiningNames) and
 * the same birth date; an initialled name only with a row that has it as written. A row without a birth
 * date joins the one date its name leads to, by the name as written when that leads to any dated row (an
 * undated "Lautaro Martínez" is not "L. Martínez", who may be Lisandro), else by its initialled form too;
 * when it leads to two dates it stays on its own. Rows without a country stay on their own.
 */
export function samePlayers(players: readonly SearchPlayerInput[]): SearchPlayerInput[][] {
  const parent = new Map<number, number>();
  const root = (id: number): number => {
    let at = id;
    for (let next = parent.get(at); next !== undefined && next !== at; next = parent.get(at)) at = next;
    parent.set(id, at);
    return at;
  };
  const dateOf = new Map<number, string>();
  const join = (a: number, b: number) => {
    const [ra, rb] = [root(a), root(b)];
    if (ra === rb) return;
    const [da, db] = [dateOf.get(ra), dateOf.get(rb)];
    if (da && db && da !== db) return;
    parent.set(rb, ra);
    if (!da && db) dateOf.set(ra, db);
  };
  /** Country and name → the rows that have it, written as it is (exact) or initialled. */
  const exactly = new Map<string, SearchPlayerInput[]>();
  const loosely = new Map<string, SearchPlayerInput[]>();
  const add = (map: Map<string, SearchPlayerInput[]>, key: string, player: SearchPlayerInput) => {
    const rows = map.get(key);
    if (rows) rows.push(player);
    else map.set(key, [player]);
  };
  const keysOf = (player: SearchPlayerInput) => {
    const country = foldText(player.country ?? '');
    const { exact, initialled } = joiningNames(player);
    return {
      exact: exact.map((name) => `${country}|${name}`),
      initialled: initialled.map((name) => `${country}|${name}`),
    };
  };
  for (const player of players) {
    parent.set(player.id, player.id);
    if (player.birthDate) dateOf.set(player.id, player.birthDate);
    if (!player.country) continue;
    const { exact, initialled } = keysOf(player);
    for (const key of exact) add(exactly, key, player);
    for (const key of [...exact, ...initialled]) add(loosely, key, player);
  }
  // Dated rows first, by equal dates; then each undated row to the one date its names lead to. An initialled
  // name joins only a row that has it as written ("L. Messi"): Marcin and Michał Żewłakow, twins, are both
  // "M. Żewłakow" once initialled.
  for (const [key, rows] of loosely) {
    const written = (exactly.get(key) ?? []).filter((row) => row.birthDate);
    for (const row of rows)
      if (row.birthDate) for (const other of written) if (other.birthDate === row.birthDate) join(row.id, other.id);
  }
  for (const player of players) {
    if (player.birthDate || !player.country) continue;
    const { exact, initialled } = keysOf(player);
    let linked = exact.flatMap((key) => exactly.get(key) ?? []);
    if (!linked.some((row) => row.birthDate))
      linked = [
        ...exact.flatMap((key) => loosely.get(key) ?? []),
        ...initialled.flatMap((key) => exactly.get(key) ?? []),
      ];
    const dates = new Set(linked.flatMap((row) => (row.birthDate ? [dateOf.get(root(row.id))] : [])));
    if (dates.size > 1) continue;
    for (const row of linked) if (dates.size === 0 || row.birthDate) join(row.id, player.id);
  }
  const people = new Map<string, SearchPlayerInput[]>();
  for (const player of players) add(people, String(root(player.id)), player);
  return [...people.values()];
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
      const ref: TeamRef = {
        id: team.id,
        name: team.name,
        shortName: team.shortName,
        code: team.code ?? null,
        colours: team.colours,
      };
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
    const people = samePlayers(input.players);
    const personOf = new Map<number, number>();
    for (const [index, rows] of people.entries()) for (const row of rows) personOf.set(row.id, index);
    for (const spell of input.spells) {
      // Spells count for the person, whichever source's row they were stored under.
      const person = personOf.get(spell.playerId);
      if (person === undefined) continue;
      const current = latest.get(person);
      if (!current || spell.lastAt > current.lastAt) latest.set(person, { teamId: spell.teamId, lastAt: spell.lastAt });
      times.set(person, (times.get(person) ?? 0) + spell.times);
    }
    const seen = new Map<number, number>();
    for (const spell of input.spells) seen.set(spell.playerId, (seen.get(spell.playerId) ?? 0) + spell.times);
    for (const [person, rows] of people.entries()) {
      // Shown under the short name of the row seen most (Wyscout's "V. van Dijk" over a squad list's), with the
      // fullest name on hover; found by every name and short name any source gave.
      const shown = [...rows].sort((a, b) => (seen.get(b.id) ?? 0) - (seen.get(a.id) ?? 0) || a.id - b.id)[0];
      if (!shown) continue;
      const fullName = rows.reduce(
        (longest, row) => (row.name.length > longest.length ? row.name : longest),
        shown.name,
      );
      const id = `p${shown.id}`;
      const spell = latest.get(person);
      const team = spell ? (teamById.get(spell.teamId) ?? null) : null;
      // A player matters through the team played for, how lately and how often: a current regular of a top club first.
      const yearsAgo = spell?.lastAt ? Math.max(0, (newestAt - Date.parse(spell.lastAt)) / YEAR_MS) : 40;
      const teamScore = spell ? (importance.get(spell.teamId) ?? 0) : 0;
      const score =
        teamScore * 0.8 * Math.max(0.2, 1 - yearsAgo / 20) + Math.min(20, 8 * Math.log10(1 + (times.get(person) ?? 0)));
      // A family name alone (Fjelstul's "Martínez" for Lautaro, Lisandro and Emiliano) tells no one apart in a
      // list of hits from every team and era: the full name says who it is.
      const familyNameOnly = !shown.shortName.includes(' ') && fullName.endsWith(` ${shown.shortName}`);
      this.players.set(id, { id: shown.id, name: familyNameOnly ? fullName : shown.shortName, fullName, team });
      this.boosts.set(id, boostOf(score));
      const aliases = new Set(rows.flatMap((row) => [row.name, row.shortName]));
      aliases.delete(fullName);
      documents.push({ id, kind: 'player', name: fullName, aliases: [...aliases].join(' · '), place: '' });
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
