// The competitions the site knows, with their rules as data (issue #3):
// points for a win and a draw, and the order of tie-breakers. Importers create
// competitions from this catalogue; the standings engine reads the rules.
import { z } from 'zod';

export const TIE_BREAKERS = [
  'points',
  'goalDifference',
  'goalsFor',
  'wins',
  'awayGoalsFor',
  'awayWins',
  'awayGoalDifference',
  'headToHeadPoints',
  'headToHeadGoalDifference',
  'headToHeadGoalsFor',
  'headToHeadAwayGoalsFor',
  'fewerLosses',
] as const;

/**
 * Criteria computed over the matches between the teams still tied (a mini-league).
 * domain/standings.ts applies a run of them together and re-applies the run to a
 * smaller group when the mini-league splits the tied teams (UEFA's rule, used by
 * La Liga and Serie A).
 */
export const HEAD_TO_HEAD_TIE_BREAKERS: readonly TieBreaker[] = [
  'headToHeadPoints',
  'headToHeadGoalDifference',
  'headToHeadGoalsFor',
  'headToHeadAwayGoalsFor',
];

export const competitionRulesSchema = z.object({
  pointsForWin: z.number().int().min(0),
  pointsForDraw: z.number().int().min(0),
  /** Applied in order until two teams differ; the last resort is the team name (alphabetical). */
  tieBreakers: z.array(z.enum(TIE_BREAKERS)).min(1),
});

export type CompetitionRules = z.infer<typeof competitionRulesSchema>;
export type TieBreaker = (typeof TIE_BREAKERS)[number];

export interface CompetitionDefinition {
  code: string;
  name: string;
  areaCode: string | null;
  areaName: string;
  kind: 'league' | 'cup';
  tier: number | null;
  /** Higher is bigger: orders competitions on the home page and picks hot matches. */
  importance: number;
  /** The rules in force now (for the current and later seasons). */
  rules: CompetitionRules;
  /** Rules that applied before, oldest first: each up to and including `lastSeason`. */
  previousRules?: readonly { lastSeason: string; rules: CompetitionRules }[];
  /** Seasons that split into groups after a regular season (championship/relegation rounds), by season range. */
  splits?: readonly SplitFormat[];
}

/**
 * What a split group starts with from the regular season (domain/standings.ts
 * `computeSplitStandings`): every point, or half of them rounded down or up. When
 * a half is rounded away, the half point still decides between teams level on
 * points in the group: a team that lost half a point ranks above, a team that
 * gained one below (Austria's and Belgium's regulations both say so).
 */
export const CARRY_OVER = ['full', 'halfRoundedDown', 'halfRoundedUp'] as const;
export type CarryOver = (typeof CARRY_OVER)[number];

export interface SplitGroup {
  /** The phase's code in the API and page addresses (`phase=championship`). */
  code: string;
  name: string;
  /** The stage the importers store this group's matches under (db/seed/openfootball/normalize.ts). */
  stage: string;
  carryOver: CarryOver;
}

export interface SplitFormat {
  /** First and last season (inclusive) played in this format; season codes compare as text. */
  firstSeason: string;
  lastSeason?: string;
  groups: readonly SplitGroup[];
  /**
   * Whether a group's published table counts the regular season's matches too
   * (played, won … goals: Austria, Scotland, Greece) or the group's matches only
   * (Belgium). Points carry over as `carryOver` says either way.
   */
  cumulativeRecord: boolean;
  /** Where the format is written down. */
  source: string;
}

function rules(...tieBreakers: [TieBreaker, ...TieBreaker[]]): CompetitionRules {
  return { pointsForWin: 3, pointsForDraw: 1, tieBreakers };
}

// Where a competition's regulations end in a play-off match, fair play or lots,
// nothing here can decide it: standings.ts falls back to the team name, and a
// real play-off result is entered as its own match (or the table fixture says so).

/** Points, goal difference, goals scored: the common default. */
const STANDARD = rules('points', 'goalDifference', 'goalsFor');

/**
 * Premier League Handbook, section C (EFL Regulations use the same order):
 * points, goal difference, goals scored, then points in the matches between the
 * clubs, then away goals in those matches (a play-off only if a title, relegation
 * or European place depends on it).
 */
const ENGLAND = rules('points', 'goalDifference', 'goalsFor', 'headToHeadPoints', 'headToHeadAwayGoalsFor');

/**
 * The National League (fifth tier, openfootball england/2025-26/5-nationalleague.txt):
 * 3 points for a win, 1 for a draw; clubs level on points are separated by goal
 * difference, then goals scored, as in the EFL (The National League's competition
 * rules, league table; the same order the published tables follow). What comes
 * after those in its rules (results between the clubs, then a play-off where
 * promotion or relegation depends on it) is not verified, so nothing further is
 * applied and standings.ts falls back to the team name.
 */
const ENGLAND_NATIONAL_LEAGUE = rules('points', 'goalDifference', 'goalsFor');

/**
 * RFEF Reglamento General, art. 201 (LaLiga and Segunda): points, then the
 * mini-league of the tied clubs (points, goal difference), then overall goal
 * difference and goals scored (then fair play).
 */
const SPAIN = rules('points', 'headToHeadPoints', 'headToHeadGoalDifference', 'goalDifference', 'goalsFor');

/**
 * Lega Serie A / Lega B regulations (Serie A since 2022-23): points, "classifica
 * avulsa" (points in the matches between the tied clubs), goal difference in those
 * matches, overall goal difference, goals scored (then a draw; a play-off decides
 * the title or relegation when tied, e.g. Spezia–Verona 2023).
 */
const ITALY = rules('points', 'headToHeadPoints', 'headToHeadGoalDifference', 'goalDifference', 'goalsFor');

/**
 * DFL Spielordnung (Bundesliga and 2. Bundesliga): points, goal difference, goals scored, aggregate result of
 * the two matches between the clubs, away goals in those matches, away goals in
 * all matches (then a play-off match).
 */
const GERMANY = rules(
  'points',
  'goalDifference',
  'goalsFor',
  'headToHeadGoalDifference',
  'headToHeadAwayGoalsFor',
  'awayGoalsFor',
);

/**
 * LFP Règlement des compétitions, art. 518 ter (Ligue 1 and 2, until 2024-25):
 * points, goal difference, then the matches between the clubs (points, goal
 * difference, goals, away goals), then goals scored, away goals scored (then fair
 * play). Metz finished above Lorient in 2023-24 on away goals between them.
 */
const FRANCE_UNTIL_2025 = rules(
  'points',
  'goalDifference',
  'headToHeadPoints',
  'headToHeadGoalDifference',
  'headToHeadGoalsFor',
  'headToHeadAwayGoalsFor',
  'goalsFor',
  'awayGoalsFor',
);

/**
 * LFP rules from 2025-26 (away-goal criteria removed): points, goal difference,
 * points and goal difference between the clubs, goals scored, wins, away wins
 * (then discipline, lots).
 */
const FRANCE = rules(
  'points',
  'goalDifference',
  'headToHeadPoints',
  'headToHeadGoalDifference',
  'goalsFor',
  'wins',
  'awayWins',
);

/**
 * KNVB competition rules (Eredivisie): points, goal difference, goals scored, then
 * the results between the clubs (a play-off decides title, relegation and Europe).
 */
const NETHERLANDS = rules(
  'points',
  'goalDifference',
  'goalsFor',
  'headToHeadPoints',
  'headToHeadGoalDifference',
  'headToHeadAwayGoalsFor',
);

/**
 * Liga Portugal Regulamento das Competições (classificação): points, then the matches
 * between the tied clubs (points, goal difference), overall goal difference,
 * wins, goals scored.
 */
const PORTUGAL = rules('points', 'headToHeadPoints', 'headToHeadGoalDifference', 'goalDifference', 'wins', 'goalsFor');

/**
 * TFF Süper Lig instructions: points, then the matches between the tied clubs
 * (points, goal difference, goals), then overall goal difference and goals.
 */
const TURKEY = rules(
  'points',
  'headToHeadPoints',
  'headToHeadGoalDifference',
  'headToHeadGoalsFor',
  'goalDifference',
  'goalsFor',
);

/**
 * Austria (ÖFB decision of 30 April 2021, all Austrian leagues from 2021-22; Bundesliga
 * club conference of 9 June 2021): points (in the Bundesliga's groups, a half point
 * lost when the points were halved comes first: standings.ts), then the direct
 * meetings of the season (points, goal difference, goals, away goals), goal
 * difference, goals scored, wins, away wins, away goals.
 */
const AUSTRIA = rules(
  'points',
  'headToHeadPoints',
  'headToHeadGoalDifference',
  'headToHeadGoalsFor',
  'headToHeadAwayGoalsFor',
  'goalDifference',
  'goalsFor',
  'wins',
  'awayWins',
  'awayGoalsFor',
);

/** CBF Regulamento Específico (Brasileirão A and B): points, wins, goal difference, goals scored (then head-to-head, cards, lots). */
const BRAZIL = rules('points', 'wins', 'goalDifference', 'goalsFor', 'headToHeadPoints');

/** MLS rules (Supporters' Shield table): points, wins, goal difference, goals for (then discipline), away goal difference, away goals. */
const MLS = rules('points', 'wins', 'goalDifference', 'goalsFor', 'awayGoalDifference', 'awayGoalsFor');

/** J.League regulations: points, goal difference, goals scored, then the matches between the clubs (points, goal difference, goals). */
const JAPAN = rules(
  'points',
  'goalDifference',
  'goalsFor',
  'headToHeadPoints',
  'headToHeadGoalDifference',
  'headToHeadGoalsFor',
);

/**
 * UEFA Champions League 2024-25 regulations (league phase): points,
 * goal difference, goals scored, away goals scored, wins, away wins (then opponents'
 * results, discipline, coefficient).
 */
const UEFA_LEAGUE_PHASE = rules('points', 'goalDifference', 'goalsFor', 'awayGoalsFor', 'wins', 'awayWins');

/**
 * UEFA EURO regulations (2020 and 2024), art. 20: points, then the matches between
 * the tied teams (points, goal difference, goals; re-applied to a smaller group),
 * then overall goal difference and goals (then discipline, ranking).
 */
const EURO = rules(
  'points',
  'headToHeadPoints',
  'headToHeadGoalDifference',
  'headToHeadGoalsFor',
  'goalDifference',
  'goalsFor',
);

/**
 * FIFA World Cup regulations 1998–2022 (group stage): points, goal
 * difference, goals scored, then the matches between the tied teams (points, goal
 * difference, goals), then fair play and lots (1994 had the same order before lots).
 * Earlier editions: WORLD_CUP_UNTIL_1990.
 */
const WORLD_CUP = rules(
  'points',
  'goalDifference',
  'goalsFor',
  'headToHeadPoints',
  'headToHeadGoalDifference',
  'headToHeadGoalsFor',
);

/**
 * World Cups 1930–1990: two points for a win, one for a draw (three for a win from
 * 1994, FIFA's decision of 1994 for the finals in the United States). Groups level
 * on points were separated by goal difference and goals scored in 1970–1990; 1954–1966
 * used goal average (goals scored divided by goals conceded), which no criterion
 * here computes, and 1930–1950 had no tie-breaker other than a play-off or lots, so
 * positions in those groups can differ from the published ones where teams were level
 * on points (points, played, won, drawn, lost and goals cannot: checked against
 * Fjelstul's group_standings.csv, db/seed/fjelstul/fjelstul-group-tables.test.ts).
 */
const WORLD_CUP_UNTIL_1990: CompetitionRules = {
  pointsForWin: 2,
  pointsForDraw: 1,
  tieBreakers: [
    'points',
    'goalDifference',
    'goalsFor',
    'headToHeadPoints',
    'headToHeadGoalDifference',
    'headToHeadGoalsFor',
  ],
};

/** CONMEBOL Libertadores regulations (group stage): points, goal difference, goals scored, away goals. */
const CONMEBOL = rules('points', 'goalDifference', 'goalsFor', 'awayGoalsFor');

/**
 * Austrian Bundesliga since 2018-19 (Bundesliga Meisterschaftsregeln, §§ on the
 * "Punkteteilung"): 12 clubs play 22 rounds, then the top six play the
 * Meistergruppe and the bottom six the Qualifikationsgruppe, 10 rounds each,
 * starting with half their points rounded down; a club that lost half a point in
 * the rounding ranks above a club level on points. Published group tables count
 * all 32 matches (played, won … goals).
 */
const AUSTRIA_SPLIT: SplitFormat = {
  firstSeason: '2018-19',
  groups: [
    { code: 'championship', name: 'Championship round', stage: 'Championship round', carryOver: 'halfRoundedDown' },
    { code: 'relegation', name: 'Relegation round', stage: 'Relegation round', carryOver: 'halfRoundedDown' },
  ],
  cumulativeRecord: true,
  source: 'Österreichische Fußball-Bundesliga, Meisterschaftsregeln (Punkteteilung nach dem 22. Spieltag)',
};

/**
 * Belgian Pro League 2023-24 and 2024-25 (16 clubs, 30 rounds): Champions'
 * play-offs (1–6), Europe play-offs (7–12) and relegation play-offs (13–16), each
 * starting with half the regular-season points rounded up; a club that gained half
 * a point in the rounding ranks below a club level on points. Published play-off
 * tables count the play-off matches only (10 or 6 played).
 */
const BELGIUM_SPLIT: SplitFormat = {
  firstSeason: '2023-24',
  lastSeason: '2024-25',
  groups: [
    { code: 'championship', name: "Champions' play-offs", stage: 'Championship round', carryOver: 'halfRoundedUp' },
    { code: 'europe', name: 'Europe play-offs', stage: 'Europe play-offs', carryOver: 'halfRoundedUp' },
    { code: 'relegation', name: 'Relegation play-offs', stage: 'Relegation round', carryOver: 'halfRoundedUp' },
  ],
  cumulativeRecord: false,
  source: 'Pro League competition regulations (play-offs: points halved, rounded up)',
};

/**
 * Scottish Premiership (SPFL Rules, since 2013-14): 33 rounds, then the top and
 * bottom six play 5 more rounds with every point and goal carried over; a club keeps
 * its half of the split whatever its points.
 */
const SCOTLAND_SPLIT: SplitFormat = {
  firstSeason: '2013-14',
  groups: [
    { code: 'championship', name: 'Championship section', stage: 'Championship round', carryOver: 'full' },
    { code: 'relegation', name: 'Relegation section', stage: 'Relegation round', carryOver: 'full' },
  ],
  cumulativeRecord: true,
  source: 'SPFL Rules and Regulations (the split after 33 rounds)',
};

/**
 * Super League Greece 2024-25 (14 clubs, 26 rounds): play-offs for places 1–4 and
 * 5–8 (6 rounds each) and a play-out for 9–14 (10 rounds), all with every
 * regular-season point carried over.
 */
const GREECE_SPLIT: SplitFormat = {
  firstSeason: '2024-25',
  lastSeason: '2024-25',
  groups: [
    { code: 'championship', name: 'Championship play-offs (1–4)', stage: 'Championship round', carryOver: 'full' },
    { code: 'conference', name: 'Play-offs for 5–8', stage: 'Conference League play-offs', carryOver: 'full' },
    { code: 'relegation', name: 'Play-out (9–14)', stage: 'Relegation round', carryOver: 'full' },
  ],
  cumulativeRecord: true,
  source: 'Super League Greece regulations 2024-25 (play-offs and play-out, points carried over)',
};

function league(
  code: string,
  name: string,
  areaCode: string,
  areaName: string,
  tier: number,
  importance: number,
  leagueRules = STANDARD,
): CompetitionDefinition {
  return { code, name, areaCode, areaName, kind: 'league', tier, importance, rules: leagueRules };
}

function cup(
  code: string,
  name: string,
  areaName: string,
  importance: number,
  cupRules = STANDARD,
): CompetitionDefinition {
  return { code, name, areaCode: null, areaName, kind: 'cup', tier: null, importance, rules: cupRules };
}

// Not checked against their regulations, so they keep the common default tie-breakers:
// Belgium, Scotland and Greece (their splits are modelled above), Australia, Algeria, Egypt, Morocco, Mexico (short
// tournaments), Argentina, China, Colombia, the Club World Cup and World Cup
// qualification (each confederation has its own).
export const COMPETITIONS: readonly CompetitionDefinition[] = [
  league('en.1', 'Premier League', 'ENG', 'England', 1, 100, ENGLAND),
  league('en.2', 'Championship', 'ENG', 'England', 2, 60, ENGLAND),
  league('en.3', 'League One', 'ENG', 'England', 3, 40, ENGLAND),
  league('en.4', 'League Two', 'ENG', 'England', 4, 35, ENGLAND),
  league('en.5', 'National League', 'ENG', 'England', 5, 25, ENGLAND_NATIONAL_LEAGUE),
  league('es.1', 'La Liga', 'ESP', 'Spain', 1, 95, SPAIN),
  league('es.2', 'Segunda División', 'ESP', 'Spain', 2, 50, SPAIN),
  league('de.1', 'Bundesliga', 'GER', 'Germany', 1, 92, GERMANY),
  league('de.2', '2. Bundesliga', 'GER', 'Germany', 2, 55, GERMANY),
  league('it.1', 'Serie A', 'ITA', 'Italy', 1, 90, ITALY),
  league('it.2', 'Serie B', 'ITA', 'Italy', 2, 50, ITALY),
  {
    ...league('fr.1', 'Ligue 1', 'FRA', 'France', 1, 88, FRANCE),
    previousRules: [{ lastSeason: '2024-25', rules: FRANCE_UNTIL_2025 }],
  },
  {
    ...league('fr.2', 'Ligue 2', 'FRA', 'France', 2, 48, FRANCE),
    previousRules: [{ lastSeason: '2024-25', rules: FRANCE_UNTIL_2025 }],
  },
  league('nl.1', 'Eredivisie', 'NED', 'Netherlands', 1, 75, NETHERLANDS),
  league('pt.1', 'Primeira Liga', 'POR', 'Portugal', 1, 75, PORTUGAL),
  { ...league('at.1', 'Bundesliga', 'AUT', 'Austria', 1, 55, AUSTRIA), splits: [AUSTRIA_SPLIT] },
  league('at.2', '2. Liga', 'AUT', 'Austria', 2, 30, AUSTRIA),
  { ...league('be.1', 'First Division A', 'BEL', 'Belgium', 1, 60), splits: [BELGIUM_SPLIT] },
  { ...league('sco.1', 'Premiership', 'SCO', 'Scotland', 1, 60), splits: [SCOTLAND_SPLIT] },
  league('tr.1', 'Süper Lig', 'TUR', 'Turkey', 1, 62, TURKEY),
  { ...league('gr.1', 'Super League', 'GRE', 'Greece', 1, 50), splits: [GREECE_SPLIT] },
  league('au.1', 'A-League', 'AUS', 'Australia', 1, 40),
  league('dz.1', 'Ligue 1', 'ALG', 'Algeria', 1, 30),
  league('eg.1', 'Premier League', 'EGY', 'Egypt', 1, 35),
  league('ma.1', 'Botola Pro', 'MAR', 'Morocco', 1, 32),
  league('mx.1', 'Liga MX', 'MEX', 'Mexico', 1, 55),
  league('ar.1', 'Primera División', 'ARG', 'Argentina', 1, 60),
  league('br.1', 'Série A', 'BRA', 'Brazil', 1, 65, BRAZIL),
  league('br.2', 'Série B', 'BRA', 'Brazil', 2, 35, BRAZIL),
  league('cn.1', 'Super League', 'CHN', 'China', 1, 30),
  league('co.1', 'Primera A', 'COL', 'Colombia', 1, 35),
  league('jp.1', 'J1 League', 'JPN', 'Japan', 1, 45, JAPAN),
  league('mls', 'Major League Soccer', 'USA', 'United States', 1, 50, MLS),
  cup('uefa.cl', 'UEFA Champions League', 'Europe', 98, UEFA_LEAGUE_PHASE),
  cup('copa.l', 'Copa Libertadores', 'South America', 70, CONMEBOL),
  {
    ...cup('world.cup', 'FIFA World Cup', 'World', 99, WORLD_CUP),
    previousRules: [{ lastSeason: '1990', rules: WORLD_CUP_UNTIL_1990 }],
  },
  cup('world.clubcup', 'FIFA Club World Cup', 'World', 70),
  cup('world.cup.quali', 'FIFA World Cup qualification', 'World', 50),
  cup('euro', 'UEFA European Championship', 'Europe', 97, EURO),
];

export function findCompetitionDefinition(code: string): CompetitionDefinition | undefined {
  return COMPETITIONS.find((competition) => competition.code === code);
}

/**
 * The rules a season was played under. Season codes ('2024-25', '2025') compare as
 * text, which orders them by their starting year.
 */
export function rulesForSeason(definition: CompetitionDefinition, seasonCode: string): CompetitionRules {
  const earlier = definition.previousRules?.find((entry) => seasonCode <= entry.lastSeason);
  return earlier?.rules ?? definition.rules;
}

/** The split format a season was played in, if any. */
export function splitForSeason(definition: CompetitionDefinition, seasonCode: string): SplitFormat | undefined {
  return definition.splits?.find(
    (split) => seasonCode >= split.firstSeason && (split.lastSeason === undefined || seasonCode <= split.lastSeason),
  );
}
