// The openfootball clubs directory (clubs/europe/<country>/<cc>.clubs.txt):
// canonical club names with their other spellings, founding year, stadium and
// city. League files name the same club differently ("Paris Saint-Germain FC
// (FRA)" in uefa.cl, "Paris Saint-Germain FC" in fr.1); the directory is what
// joins them. Format (Football.TXT clubs):
//
//   = England                                   heading
//   Arsenal FC, 1886, @ Emirates Stadium, London (Highbury)   ## comment
//     | Arsenal | FC Arsenal                    other names, "|"-separated
//     | Bayern Munich [en]                      a language tag to drop
//    Säbener Straße 51-57 // 81547 München      an address (has "//"): ignored
//   ii) Bayern München II                       a reserve team: a club of its own
//   Darwen FC (1870-2009), Darwen › Lancashire  a defunct club; "› Region" after the city
//     VfV 06 Hildesheim                         an indented name without "|" is another name too
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { foldText, teamKey } from '../../../domain/names.ts';

export interface ClubEntry {
  name: string;
  /** FIFA-style country code of the league the club plays in (ENG, GER …). */
  country: string;
  founded: number | null;
  stadium: string | null;
  city: string | null;
  /** Other names, without the canonical one. */
  aliases: string[];
}

/** clubs/europe/<folder> → the country code used by competitions and uefa.cl tags. */
export const CLUB_FOLDER_COUNTRIES: Readonly<Record<string, string>> = {
  england: 'ENG',
  france: 'FRA',
  germany: 'GER',
  italy: 'ITA',
  netherlands: 'NED',
  portugal: 'POR',
  spain: 'ESP',
};

function stripComment(line: string): string {
  const hash = line.indexOf('#');
  return hash === -1 ? line : line.slice(0, hash);
}

function cleanName(text: string): string {
  return text
    .replace(/\[[a-z]{2}\]/g, '') // language tag: "Bayern Munich [en]"
    .replace(/\$/g, '') // sponsored-name marker: "$Emirates$ Stadium"
    .replace(/\s+/g, ' ')
    .trim();
}

function cleanCity(text: string): string {
  return text
    .replace(/›.*$/, '') // "Burnley › Lancashire"
    .replace(/\(.*?\)/g, '') // "London (Highbury)"
    .replace(/\s+/g, ' ')
    .trim();
}

/** Parses one .clubs.txt file. */
export function parseClubsText(text: string, country: string): ClubEntry[] {
  const clubs: ClubEntry[] = [];
  let current: ClubEntry | undefined;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = stripComment(rawLine);
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('=')) continue;
    const indented = /^\s/.test(line) || trimmed.startsWith('|');
    if (indented) {
      if (!current || trimmed.includes('//')) continue; // address line
      for (const alias of trimmed.split('|').map(cleanName)) {
        if (alias !== '' && alias !== current.name && !current.aliases.includes(alias)) current.aliases.push(alias);
      }
      continue;
    }
    const fields = trimmed
      .replace(/^i+\)\s*/, '') // "ii) Bayern München II"
      .split(',')
      .map((field) => field.trim())
      .filter((field) => field !== '');
    const [first, ...rest] = fields;
    if (first === undefined) continue;
    const name = cleanName(first.replace(/\(\d{4}-\d{0,4}\)/, '')); // "Darwen FC (1870-2009)"
    let founded: number | null = null;
    let stadium: string | null = null;
    let city: string | null = null;
    for (const field of rest) {
      if (/^\d{4}$/.test(field)) founded = Number(field);
      else if (field.startsWith('@')) stadium = cleanName(field.slice(1)) || null;
      else if (city === null) city = cleanCity(field) || null;
    }
    current = { name, country, founded, stadium, city, aliases: [] };
    clubs.push(current);
  }
  return clubs;
}

/**
 * Every club of every country folder, looked up by (country, name). A name is
 * matched exactly (case and accents folded) first, then by its team key (club
 * affixes such as FC dropped); a key two clubs of one country share ("Paris"
 * for PSG, "Paris FC") matches neither.
 */
export class ClubDirectory {
  readonly clubs: ClubEntry[] = [];
  private readonly exact = new Map<string, ClubEntry | null>();
  private readonly byKey = new Map<string, ClubEntry | null>();

  constructor(clubs: readonly ClubEntry[]) {
    for (const club of clubs) {
      this.clubs.push(club);
      for (const name of [club.name, ...club.aliases]) {
        this.index(this.exact, `${club.country}|${foldText(name)}`, club);
        this.index(this.byKey, `${club.country}|${teamKey(name)}`, club);
      }
    }
  }

  private index(map: Map<string, ClubEntry | null>, key: string, club: ClubEntry): void {
    const known = map.get(key);
    if (known === undefined) map.set(key, club);
    else if (known !== club) map.set(key, null); // ambiguous within the country
  }

  find(name: string, country: string): ClubEntry | undefined {
    return this.exact.get(`${country}|${foldText(name)}`) ?? this.byKey.get(`${country}|${teamKey(name)}`) ?? undefined;
  }

  /** The club's names safe to record as aliases: none that another club of its country also answers to. */
  unambiguousNames(club: ClubEntry): string[] {
    return [club.name, ...club.aliases].filter((name) => this.byKey.get(`${club.country}|${teamKey(name)}`) === club);
  }
}

/** Reads clubs/europe/<folder>/*.clubs.txt for every folder we know the country of. */
export function loadClubDirectory(clubsDir: string): ClubDirectory {
  const clubs: ClubEntry[] = [];
  const europe = path.join(clubsDir, 'europe');
  for (const folder of readdirSync(europe).sort()) {
    const country = CLUB_FOLDER_COUNTRIES[folder];
    if (country === undefined)
      throw new Error(`openfootball: clubs folder "${folder}" has no country code (add it to CLUB_FOLDER_COUNTRIES)`);
    for (const file of readdirSync(path.join(europe, folder)).sort()) {
      if (!file.endsWith('.clubs.txt')) continue; // .props.txt (web sites), .stadiums.txt, .history.txt
      clubs.push(...parseClubsText(readFileSync(path.join(europe, folder, file), 'utf8'), country));
    }
  }
  return new ClubDirectory(clubs);
}
