// What the data lacks about well-known teams (issue #19), entered by the project: the short name fans
// use in lists where the openfootball clubs directory has none or another ("Spurs", "PSG"), the
// broadcast code where the generated one would read oddly ("MUN", "BVB"), and the kit colours a
// badge is drawn in instead of colours hashed from the name. Each entry is a fact about one team;
// `names` are matched by team key (domain/names.ts) against every spelling a team has (team_alias).
import { teamKey } from './names.ts';

export interface TeamFact {
  kind: 'club' | 'national';
  names: readonly string[];
  shortName?: string;
  code?: string;
  /** Home shirt, then the second colour (trim, or the change kit). #rrggbb. */
  colours?: { primary: string; secondary: string };
}

const club = (names: string[], code: string, primary: string, secondary: string, shortName?: string): TeamFact => ({
  kind: 'club',
  names,
  code,
  colours: { primary, secondary },
  ...(shortName ? { shortName } : {}),
});
const nation = (name: string, primary: string, secondary: string): TeamFact => ({
  kind: 'national',
  names: [name],
  colours: { primary, secondary },
});

export const TEAM_FACTS: readonly TeamFact[] = [
  club(['Arsenal FC'], 'ARS', '#ef0107', '#ffffff', 'Arsenal'),
  club(['Chelsea FC'], 'CHE', '#034694', '#ffffff', 'Chelsea'),
  club(['Liverpool FC'], 'LIV', '#c8102e', '#ffffff', 'Liverpool'),
  club(['Manchester City FC'], 'MCI', '#6cabdd', '#1c2c5b', 'Man City'),
  club(['Manchester United FC'], 'MUN', '#da291c', '#fbe122', 'Man Utd'),
  club(['Tottenham Hotspur FC'], 'TOT', '#ffffff', '#132257', 'Spurs'),
  club(['Wolverhampton Wanderers FC'], 'WOL', '#fdb913', '#231f20', 'Wolves'),
  club(['Newcastle United FC'], 'NEW', '#241f20', '#ffffff', 'Newcastle'),
  club(['West Ham United FC'], 'WHU', '#7a263a', '#1bb1e7', 'West Ham'),
  club(['Everton FC'], 'EVE', '#003399', '#ffffff', 'Everton'),
  club(['Aston Villa FC'], 'AVL', '#670e36', '#95bfe5', 'Aston Villa'),
  club(['Brighton & Hove Albion FC'], 'BHA', '#0057b8', '#ffffff', 'Brighton'),
  club(['Huddersfield Town AFC'], 'HUD', '#0e63ad', '#ffffff', 'Huddersfield'),
  club(['Swansea City AFC'], 'SWA', '#ffffff', '#121212', 'Swansea'),
  club(['Stoke City FC'], 'STK', '#e03a3e', '#ffffff', 'Stoke'),
  club(['Nottingham Forest FC'], 'NFO', '#dd0000', '#ffffff', "Nott'm Forest"),
  club(['Queens Park Rangers FC'], 'QPR', '#1d5ba4', '#ffffff', 'QPR'),
  club(['FC Barcelona'], 'BAR', '#a50044', '#004d98', 'Barcelona'),
  club(['Real Madrid'], 'RMA', '#ffffff', '#febe10', 'Real Madrid'),
  club(['Atlético Madrid'], 'ATM', '#cb3524', '#ffffff', 'Atlético'),
  club(['Real Sociedad'], 'RSO', '#0067b1', '#ffffff', 'Real Sociedad'),
  club(['Bayern München'], 'BAY', '#dc052d', '#ffffff', 'Bayern'),
  club(['Borussia Dortmund'], 'BVB', '#fde100', '#000000', 'Dortmund'),
  club(['Bor. Mönchengladbach', 'Borussia Mönchengladbach'], 'BMG', '#ffffff', '#00a651', 'Gladbach'),
  club(['Bayer 04 Leverkusen'], 'LEV', '#e32221', '#000000', 'Leverkusen'),
  club(['Juventus'], 'JUV', '#000000', '#ffffff', 'Juventus'),
  club(['FC Internazionale Milano'], 'INT', '#0068a8', '#000000', 'Inter'),
  club(['AC Milan'], 'MIL', '#fb090b', '#000000', 'Milan'),
  club(['Paris Saint-Germain'], 'PSG', '#004170', '#da291c', 'PSG'),
  club(['AS Monaco FC', 'AS Monaco'], 'ASM', '#e7192e', '#ffffff', 'Monaco'),
  club(['Olympique de Marseille'], 'OLM', '#2faee0', '#ffffff', 'Marseille'),
  club(['SL Benfica', 'Sport Lisboa e Benfica'], 'BEN', '#e20e0e', '#ffffff', 'Benfica'),
  club(['FC Porto'], 'FCP', '#00428c', '#ffffff', 'Porto'),
  club(['Sporting CP', 'Sporting Clube de Portugal'], 'SCP', '#008057', '#ffffff', 'Sporting CP'),
  club(['AFC Ajax', 'Ajax'], 'AJA', '#d2122e', '#ffffff', 'Ajax'),
  club(['PSV Eindhoven', 'PSV'], 'PSV', '#ed1c24', '#ffffff', 'PSV'),
  nation('England', '#ffffff', '#0b1e45'),
  nation('France', '#1e3a8a', '#ed2939'),
  nation('Croatia', '#d52b1e', '#ffffff'),
  nation('Germany', '#ffffff', '#000000'),
  nation('Spain', '#c60b1e', '#ffc400'),
  nation('Italy', '#0066cc', '#ffffff'),
  nation('Portugal', '#c8102e', '#046a38'),
  nation('Netherlands', '#f36c21', '#ffffff'),
  nation('Belgium', '#e30613', '#000000'),
  nation('Brazil', '#fedf00', '#009c3b'),
  nation('Argentina', '#75aadb', '#ffffff'),
  nation('Uruguay', '#5cbfeb', '#000000'),
  nation('Mexico', '#006847', '#ffffff'),
  nation('United States', '#ffffff', '#002868'),
  nation('Iceland', '#02529c', '#dc1e35'),
  nation('Wales', '#c8102e', '#00ad36'),
  nation('Nigeria', '#008751', '#ffffff'),
  nation('Sweden', '#fecc02', '#006aa7'),
  nation('Switzerland', '#d52b1e', '#ffffff'),
  nation('Denmark', '#c60c30', '#ffffff'),
  nation('Poland', '#ffffff', '#dc143c'),
  nation('Japan', '#000555', '#ffffff'),
  nation('Senegal', '#ffffff', '#00853f'),
  nation('Morocco', '#c1272d', '#006233'),
];

const byKey = new Map<string, TeamFact>();
for (const fact of TEAM_FACTS) for (const name of fact.names) byKey.set(`${fact.kind}|${teamKey(name)}`, fact);

/** The curated facts of a team known by any of these spellings, if the project has any. */
export function findTeamFact(kind: 'club' | 'national', spellings: readonly string[]): TeamFact | undefined {
  for (const spelling of spellings) {
    const fact = byKey.get(`${kind}|${teamKey(spelling)}`);
    if (fact) return fact;
  }
  return undefined;
}
