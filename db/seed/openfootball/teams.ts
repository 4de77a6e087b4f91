// One team however the files spell it. Clubs are resolved within a country
// (the league's, or the "(FRA)" tag of uefa.cl, copa.l and the Club World
// Cup), so "Everton (CHI)" never becomes Everton FC and "Paris FC" never
// becomes Paris Saint-Germain; national teams by FIFA code.
//
// A club resolves, in order, through: a spelling seen before (source_ref
// 'team', "FRA|paris saint germain fc"); the clubs directory (exact name, then
// team key), whose canonical club gets one team row; another spelling of the
// same team key in the same country (team_alias, e.g. "Cardiff City" /
// "Cardiff City FC"); else it is a new team. Team rows are made only for clubs
// that play a shipped match (not for the ~2,000 directory clubs that never do).
import { type SeedDb } from '../seed-kit.ts';
import { addTeamAlias, addTeamAliases, insertTeam, type TeamInput } from '../../teams.ts';
import type { ClubDirectory, ClubEntry } from './clubs.ts';
import { EXTRA_CLUB_NAMES } from './club-names.ts';
import { foldName as foldText, keyOfName as teamKey } from './name-cache.ts';
import type { NationalTeamCodes } from './national-teams.ts';
import type { RefStore } from './ref-store.ts';

/** Where a country tag and the league a club plays in differ: Monaco plays in Ligue 1, Welsh clubs in the English leagues. */
const LEAGUE_COUNTRY: Readonly<Record<string, string>> = { MCO: 'FRA', WAL: 'ENG' };

/** "Paris Saint-Germain FC (FRA)" → name and tag; names in domestic files have no tag. */
export function splitCountryTag(sourceName: string): { name: string; country: string | null } {
  const match = /^(.*?)\s*\(([A-Z]{2,3})\)\s*$/.exec(sourceName);
  return match ? { name: match[1] ?? sourceName, country: match[2] ?? null } : { name: sourceName, country: null };
}

const LEADING_AFFIXES = /^(?:1\.\s*)?(?:FC|AFC|CF|SC|AC|AS|SS|SSC|US|CD|UD|SD|RC|FK|SK|BK)\s+/;
const TRAILING_AFFIXES = /\s+(?:FC|AFC|CF|SC|FK|SK|BK|CFC)$/;

/** "Arsenal FC" → "Arsenal", "AC Milan" → "Milan", "US Salernitana 1919" → "Salernitana", "1. FC Köln" → "Köln". */
export function shortClubName(name: string): string {
  const short = name
    .replace(LEADING_AFFIXES, '')
    .replace(TRAILING_AFFIXES, '')
    .replace(/\s+(?:18|19|20)\d\d$/, '')
    .trim();
  return short.length >= 3 ? short : name;
}

interface AliasOwner {
  teamId: number;
  country: string | null;
}

export interface TeamCounts {
  teamsCreated: number;
  aliasesAdded: number;
}

export class TeamResolver {
  readonly counts: TeamCounts = { teamsCreated: 0, aliasesAdded: 0 };
  /** "club|arsenal" → the team that owns that alias key (team_alias is unique per key and kind). */
  private readonly aliasOwners = new Map<string, AliasOwner>();
  /** "ENG|cardiff city" → team: every team key of every club we resolved, per country; null when two teams share it. */
  private readonly countryKeys = new Map<string, number | null>();
  private readonly displayNames = new Map<number, string>();
  /** Teams this importer resolved before: never "another source's team" however their aliases read. */
  private readonly ownTeams = new Set<number>();

  private constructor(
    private readonly db: SeedDb,
    private readonly refs: RefStore,
    private readonly clubs: ClubDirectory,
    private readonly nations: NationalTeamCodes,
  ) {}

  static async load(
    db: SeedDb,
    refs: RefStore,
    clubs: ClubDirectory,
    nations: NationalTeamCodes,
  ): Promise<TeamResolver> {
    const resolver = new TeamResolver(db, refs, clubs, nations);
    const rows = await db
      .selectFrom('team_alias')
      .innerJoin('team', 'team.id', 'team_alias.team_id')
      .select(['team_alias.alias_key', 'team_alias.kind', 'team_alias.team_id', 'team.country_code', 'team.name'])
      .execute();
    for (const row of rows) {
      const teamId = Number(row.team_id);
      resolver.aliasOwners.set(`${row.kind}|${row.alias_key}`, { teamId, country: row.country_code });
      if (row.kind === 'club' && row.country_code) resolver.claimCountryKey(row.country_code, row.alias_key, teamId);
      resolver.displayNames.set(teamId, row.name);
    }
    for (const externalId of refs.externalIds('team', '')) {
      const teamId = refs.get('team', externalId);
      if (teamId !== undefined) resolver.ownTeams.add(teamId);
    }
    return resolver;
  }

  /** The country a club is matched in: its tag (mapped to the league it plays in), else the competition's. */
  static clubCountry(tag: string | null, competitionCountry: string | null): string {
    const country = tag ?? competitionCountry;
    if (!country) throw new Error('openfootball: a club with no country tag in a competition with no country');
    return LEAGUE_COUNTRY[country] ?? country;
  }

  nameOf(teamId: number): string {
    return this.displayNames.get(teamId) ?? String(teamId);
  }

  async club(sourceName: string, competitionCountry: string | null): Promise<number> {
    const { name, country: tag } = splitCountryTag(sourceName);
    const country = TeamResolver.clubCountry(tag, competitionCountry);
    const spelling = `${country}|${foldText(name)}`;
    const seen = this.refs.get('team', spelling);
    if (seen !== undefined) return seen;

    const entry = this.clubs.find(name, country) ?? this.findExtraClub(name, country);
    let teamId: number;
    if (entry) {
      const canonical = `${country}|${foldText(entry.name)}`;
      teamId =
        this.refs.get('team', canonical) ?? this.fromOtherSource(entry.name, country) ?? (await this.createClub(entry));
      this.refs.set('team', canonical, teamId);
    } else {
      const sameKey = this.countryKeys.get(`${country}|${teamKey(name)}`) ?? undefined;
      teamId =
        sameKey ??
        this.fromOtherSource(name, country) ??
        (await this.createClub({ name, country, founded: null, stadium: null, city: null, aliases: [] }));
    }
    this.refs.set('team', spelling, teamId);
    this.ownTeams.add(teamId);
    await this.addAlias(teamId, name, 'club', country);
    return teamId;
  }

  /** A club another importer created first under this name (its country unknown, or this one). */
  private fromOtherSource(name: string, country: string): number | undefined {
    const owner = this.aliasOwners.get(`club|${teamKey(name)}`);
    if (!owner || this.ownTeams.has(owner.teamId)) return undefined;
    return owner.country === null || owner.country === country ? owner.teamId : undefined;
  }

  private claimCountryKey(country: string, key: string, teamId: number): void {
    const mapKey = `${country}|${key}`;
    const known = this.countryKeys.get(mapKey);
    if (known === undefined) this.countryKeys.set(mapKey, teamId);
    else if (known !== teamId) this.countryKeys.set(mapKey, null);
  }

  /** Spellings the directory lacks, per country (club-names.ts), pointing at the directory's or the files' canonical name. */
  private findExtraClub(name: string, country: string): ClubEntry | undefined {
    const canonical = EXTRA_CLUB_NAMES[country]?.[foldText(name)];
    if (canonical === undefined) return undefined;
    return (
      this.clubs.find(canonical, country) ?? {
        name: canonical,
        country,
        founded: null,
        stadium: null,
        city: null,
        aliases: [],
      }
    );
  }

  private async createClub(entry: ClubEntry): Promise<number> {
    const input: TeamInput = {
      name: entry.name,
      shortName: shortClubName(entry.name),
      kind: 'club',
      countryCode: entry.country,
      city: entry.city,
      stadium: entry.stadium,
      founded: entry.founded,
    };
    const teamId = await this.createTeam(input, entry.country);
    const names =
      this.clubs.find(entry.name, entry.country) === entry ? this.clubs.unambiguousNames(entry) : [entry.name];
    await this.addAliases(teamId, names, 'club', entry.country);
    return teamId;
  }

  /** A national team by FIFA code (the Euro files give it; teams files and NATIONAL_TEAM_FACTS know the rest). */
  async national(sourceName: string, sourceCode?: string): Promise<number> {
    if (sourceCode) this.nations.add(sourceName, sourceCode);
    const code = sourceCode ?? this.nations.codeOf(sourceName);
    const identity = TeamResolver.nationalIdentity(sourceName, code);
    let teamId = this.refs.get('team', identity);
    if (teamId === undefined) {
      const owner = this.aliasOwners.get(`national|${teamKey(sourceName)}`);
      if (owner) teamId = owner.teamId;
      else {
        const name = this.nations.displayName(code, sourceName);
        teamId = await this.createTeam(
          { name, shortName: name, kind: 'national', code: code ?? null, countryCode: code ?? null },
          null,
        );
        await this.addAliases(teamId, this.nations.aliasesOf(code), 'national', null);
      }
      this.refs.set('team', identity, teamId);
    }
    await this.addAlias(teamId, sourceName, 'national', null);
    return teamId;
  }

  /** The stable source identity of a national team, used in player keys too. */
  static nationalIdentity(sourceName: string, code: string | undefined): string {
    return code ? `national|${code}` : `national|name:${teamKey(sourceName)}`;
  }

  private async createTeam(input: TeamInput, country: string | null): Promise<number> {
    const key = `${input.kind}|${teamKey(input.name)}`;
    const teamId = await insertTeam(this.db, input); // also records the name as an alias when the key is free
    this.ownTeams.add(teamId);
    this.counts.teamsCreated += 1;
    this.displayNames.set(teamId, input.name);
    if (!this.aliasOwners.has(key)) {
      this.aliasOwners.set(key, { teamId, country });
      this.counts.aliasesAdded += 1;
    }
    if (country) this.claimCountryKey(country, teamKey(input.name), teamId);
    return teamId;
  }

  /** Several names of a new team in one go (see addAlias). */
  private async addAliases(
    teamId: number,
    aliases: readonly string[],
    kind: 'club' | 'national',
    country: string | null,
  ): Promise<void> {
    const fresh: string[] = [];
    for (const alias of aliases) {
      const key = teamKey(alias);
      if (key === '') continue;
      if (country) this.claimCountryKey(country, key, teamId);
      if (this.aliasOwners.has(`${kind}|${key}`)) continue;
      this.aliasOwners.set(`${kind}|${key}`, { teamId, country });
      fresh.push(alias);
    }
    this.counts.aliasesAdded += await addTeamAliases(this.db, teamId, fresh, kind);
  }

  /** team_alias keeps the first team to claim a key; we only call addTeamAlias for keys nobody owns yet. */
  private async addAlias(
    teamId: number,
    alias: string,
    kind: 'club' | 'national',
    country: string | null,
  ): Promise<void> {
    const key = teamKey(alias);
    if (key === '') return;
    if (country) this.claimCountryKey(country, key, teamId);
    if (this.aliasOwners.has(`${kind}|${key}`)) return;
    await addTeamAlias(this.db, teamId, alias, kind);
    this.aliasOwners.set(`${kind}|${key}`, { teamId, country });
    this.counts.aliasesAdded += 1;
  }
}
