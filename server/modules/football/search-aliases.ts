// Names fans search by that the data does not hold (issue #19). openfootball's
// clubs/ files give most alternative names (stored as team_alias rows:
// "Spurs", "Inter", "Paris SG"); these fill the gaps. A club is named by its
// country (FIFA-style code, as team.country_code) and any name or alias it
// has in the data, compared by teamKey, so the list survives spelling changes.
export interface CuratedTeamAlias {
  countryCode: string;
  team: string;
  aliases: string[];
}

export const CURATED_TEAM_ALIASES: readonly CuratedTeamAlias[] = [
  { countryCode: 'ESP', team: 'FC Barcelona', aliases: ['Barça', 'Barca', 'Blaugrana'] },
  { countryCode: 'ESP', team: 'Atlético Madrid', aliases: ['Atleti'] },
  { countryCode: 'ESP', team: 'Real Madrid', aliases: ['Los Blancos'] },
  { countryCode: 'FRA', team: 'Paris Saint-Germain', aliases: ['PSG'] },
  { countryCode: 'FRA', team: 'Olympique de Marseille', aliases: ['OM'] },
  { countryCode: 'FRA', team: 'Olympique Lyonnais', aliases: ['OL'] },
  { countryCode: 'ENG', team: 'Tottenham Hotspur', aliases: ['Spurs'] },
  { countryCode: 'ENG', team: 'Manchester United', aliases: ['Man Utd', 'Man United', 'MUFC'] },
  { countryCode: 'ENG', team: 'Manchester City', aliases: ['Man City'] },
  { countryCode: 'ENG', team: 'Wolverhampton Wanderers', aliases: ['Wolves'] },
  { countryCode: 'ENG', team: 'Newcastle United', aliases: ['Toon', 'Magpies'] },
  { countryCode: 'ENG', team: 'Arsenal', aliases: ['Gunners'] },
  { countryCode: 'ITA', team: 'FC Internazionale Milano', aliases: ['Inter', 'Inter Milan'] },
  { countryCode: 'ITA', team: 'Juventus', aliases: ['Juve'] },
  { countryCode: 'GER', team: 'Borussia Mönchengladbach', aliases: ['Gladbach', 'BMG'] },
  { countryCode: 'GER', team: 'Bor. Mönchengladbach', aliases: ['Gladbach', 'BMG'] },
  { countryCode: 'GER', team: 'Borussia Dortmund', aliases: ['BVB'] },
  { countryCode: 'GER', team: 'Bayern München', aliases: ['Bayern Munich', 'FCB'] },
];
