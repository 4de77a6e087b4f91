// How Wyscout names teams, next to how other sources do. teamKey() already
// makes "Arsenal" and "Arsenal FC" one key; these are the spellings it cannot
// reconcile (openfootball and Fjelstul say "South Korea", Wyscout "Korea Republic").
// Every spelling is stored as an alias, so the match works whichever importer runs first.
import type { WyscoutTeam } from './wyscout-files.ts';

const OTHER_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  // National teams (World Cup 2018, Euro 2016).
  'Korea Republic': ['South Korea'],
  Iran: ['IR Iran'],
  'Republic of Ireland': ['Ireland'],
  'Czech Republic': ['Czechia'],
  Turkey: ['Türkiye'],
  // Premier League 2017/18 clubs, as commonly shortened.
  'Brighton & Hove Albion': ['Brighton'],
  'Tottenham Hotspur': ['Tottenham'],
  'West Bromwich Albion': ['West Brom'],
  'Manchester United': ['Man United', 'Man Utd'],
  'Manchester City': ['Man City'],
};

/**
 * Wyscout's area codes are ISO 3166 alpha-3, except for the home nations, which
 * it gives made-up codes; those become the codes football uses for them.
 */
const AREA_CODES: Readonly<Record<string, string>> = { XEN: 'ENG', XWA: 'WAL', XSC: 'SCO', XNI: 'NIR' };

/** The name a new team is created with: the official one for clubs ("Arsenal FC"), the plain one for national teams. */
export function primaryTeamName(team: WyscoutTeam): string {
  return team.type === 'club' ? team.officialName : team.name;
}

/** Every spelling of the team, primary first. */
export function teamSpellings(team: WyscoutTeam): string[] {
  return [...new Set([primaryTeamName(team), team.name, team.officialName, ...(OTHER_SPELLINGS[team.name] ?? [])])];
}

export function teamCountryCode(team: WyscoutTeam): string | null {
  const code = team.area.alpha3code;
  return AREA_CODES[code] ?? (/^[A-Z]{3}$/.test(code) ? code : null);
}

/** A club's town ("Huddersfield, West Yorkshire" → "Huddersfield"); national teams have none. */
export function teamCity(team: WyscoutTeam): string | null {
  if (team.type !== 'club' || !team.city) return null;
  return team.city.split(',')[0]?.trim() || null;
}
