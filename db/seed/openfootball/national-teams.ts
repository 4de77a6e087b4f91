// National teams are one team however a file spells them ("Bosnia-Herzegovina"
// in 2014, "Bosnia & Herzegovina" in 2026, "Côte d'Ivoire" / "Ivory Coast"):
// they are keyed by FIFA code. Codes come from the tournaments' own teams files
// and the Euro files; this table adds the display name we prefer, the codes of
// teams no shipped teams file lists (the 2026 qualifying play-offs), and the
// spellings other sources use (Fjelstul, Wyscout: "Korea Republic", "IR Iran").
import { teamKey } from '../../../domain/names.ts';

interface NationalTeamFact {
  code: string;
  name: string;
  aliases?: readonly string[];
}

export const NATIONAL_TEAM_FACTS: readonly NationalTeamFact[] = [
  { code: 'USA', name: 'United States', aliases: ['USA', 'United States of America'] },
  { code: 'KOR', name: 'South Korea', aliases: ['Korea Republic', 'Republic of Korea'] },
  { code: 'PRK', name: 'North Korea', aliases: ['Korea DPR'] },
  { code: 'IRN', name: 'Iran', aliases: ['IR Iran'] },
  { code: 'CIV', name: 'Ivory Coast', aliases: ["Côte d'Ivoire", "Cote d'Ivoire"] },
  { code: 'CZE', name: 'Czech Republic', aliases: ['Czechia'] },
  { code: 'TUR', name: 'Turkey', aliases: ['Türkiye', 'Turkiye'] },
  { code: 'BIH', name: 'Bosnia and Herzegovina', aliases: ['Bosnia & Herzegovina', 'Bosnia-Herzegovina'] },
  { code: 'IRL', name: 'Republic of Ireland', aliases: ['Ireland'] },
  { code: 'NIR', name: 'Northern Ireland' },
  { code: 'MKD', name: 'North Macedonia', aliases: ['Macedonia', 'FYR Macedonia'] },
  { code: 'COD', name: 'DR Congo', aliases: ['Congo DR', 'Democratic Republic of the Congo'] },
  { code: 'CPV', name: 'Cape Verde', aliases: ['Cabo Verde', 'Cape Verde Islands'] },
  { code: 'CHN', name: 'China', aliases: ['China PR'] },
  { code: 'KVX', name: 'Kosovo' },
  { code: 'NCL', name: 'New Caledonia' },
  { code: 'SUR', name: 'Suriname' },
  { code: 'JAM', name: 'Jamaica' },
  { code: 'BOL', name: 'Bolivia' },
  { code: 'CUW', name: 'Curaçao', aliases: ['Curacao'] },
];

/** Folded name → FIFA code, from the facts above plus every teams file read. */
export class NationalTeamCodes {
  private readonly codes = new Map<string, string>();
  private readonly preferredNames = new Map<string, string>();
  private readonly aliases = new Map<string, string[]>();
  /** Code → the first name a file gave it. */
  private readonly firstNames = new Map<string, string>();

  constructor() {
    for (const fact of NATIONAL_TEAM_FACTS) {
      this.preferredNames.set(fact.code, fact.name);
      this.aliases.set(fact.code, [...(fact.aliases ?? [])]);
      this.add(fact.name, fact.code);
      for (const alias of fact.aliases ?? []) this.add(alias, fact.code);
    }
  }

  /** Records a file's name for a code; a name already known under another code is a data error. */
  add(name: string, code: string): void {
    const key = teamKey(name);
    const known = this.codes.get(key);
    if (known !== undefined && known !== code) {
      throw new Error(`openfootball: national team "${name}" has code ${code} in one file and ${known} in another`);
    }
    this.codes.set(key, code);
    if (!this.firstNames.has(code)) this.firstNames.set(code, name);
  }

  /** The country of a FIFA code ("ESP" → "Spain"), when a teams file or the facts above name it. */
  nameOfCode(code: string): string | undefined {
    return this.preferredNames.get(code) ?? this.firstNames.get(code);
  }

  codeOf(name: string): string | undefined {
    return this.codes.get(teamKey(name));
  }

  /** The name shown on the site: ours when we have one, else the source's. */
  displayName(code: string | undefined, sourceName: string): string {
    return (code && this.preferredNames.get(code)) ?? sourceName;
  }

  /** Other spellings worth recording as aliases for cross-source matching. */
  aliasesOf(code: string | undefined): readonly string[] {
    return (code && this.aliases.get(code)) || [];
  }
}
