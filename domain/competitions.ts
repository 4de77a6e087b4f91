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
  'headToHeadPoints',
  'headToHeadGoalDifference',
  'headToHeadGoalsFor',
  'headToHeadAwayGoalsFor',
  'fewerLosses',
] as const;

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
  rules: CompetitionRules;
}

const STANDARD: CompetitionRules = { pointsForWin: 3, pointsForDraw: 1, tieBreakers: ['points', 'goalDifference', 'goalsFor'] };
const HEAD_TO_HEAD_FIRST: CompetitionRules = {
  pointsForWin: 3,
  pointsForDraw: 1,
  tieBreakers: ['points', 'headToHeadPoints', 'headToHeadGoalDifference', 'goalDifference', 'goalsFor'],
};

function league(code: string, name: string, areaCode: string, areaName: string, tier: number, importance: number, rules = STANDARD): CompetitionDefinition {
  return { code, name, areaCode, areaName, kind: 'league', tier, importance, rules };
}

function cup(code: string, name: string, areaName: string, importance: number, rules = STANDARD): CompetitionDefinition {
  return { code, name, areaCode: null, areaName, kind: 'cup', tier: null, importance, rules };
}

export const COMPETITIONS: readonly CompetitionDefinition[] = [
  league('en.1', 'Premier League', 'ENG', 'England', 1, 100),
  league('en.2', 'Championship', 'ENG', 'England', 2, 60),
  league('en.3', 'League One', 'ENG', 'England', 3, 40),
  league('en.4', 'League Two', 'ENG', 'England', 4, 35),
  league('es.1', 'La Liga', 'ESP', 'Spain', 1, 95, HEAD_TO_HEAD_FIRST),
  league('es.2', 'Segunda División', 'ESP', 'Spain', 2, 50, HEAD_TO_HEAD_FIRST),
  league('de.1', 'Bundesliga', 'GER', 'Germany', 1, 92),
  league('de.2', '2. Bundesliga', 'GER', 'Germany', 2, 55),
  league('it.1', 'Serie A', 'ITA', 'Italy', 1, 90, HEAD_TO_HEAD_FIRST),
  league('it.2', 'Serie B', 'ITA', 'Italy', 2, 50, HEAD_TO_HEAD_FIRST),
  league('fr.1', 'Ligue 1', 'FRA', 'France', 1, 88),
  league('fr.2', 'Ligue 2', 'FRA', 'France', 2, 48),
  league('nl.1', 'Eredivisie', 'NED', 'Netherlands', 1, 75),
  league('pt.1', 'Primeira Liga', 'POR', 'Portugal', 1, 75, HEAD_TO_HEAD_FIRST),
  league('at.1', 'Bundesliga', 'AUT', 'Austria', 1, 55),
  league('at.2', '2. Liga', 'AUT', 'Austria', 2, 30),
  league('be.1', 'First Division A', 'BEL', 'Belgium', 1, 60),
  league('sco.1', 'Premiership', 'SCO', 'Scotland', 1, 60),
  league('tr.1', 'Süper Lig', 'TUR', 'Turkey', 1, 62),
  league('gr.1', 'Super League', 'GRE', 'Greece', 1, 50),
  league('au.1', 'A-League', 'AUS', 'Australia', 1, 40),
  league('dz.1', 'Ligue 1', 'ALG', 'Algeria', 1, 30),
  league('eg.1', 'Premier League', 'EGY', 'Egypt', 1, 35),
  league('ma.1', 'Botola Pro', 'MAR', 'Morocco', 1, 32),
  league('mx.1', 'Liga MX', 'MEX', 'Mexico', 1, 55),
  league('ar.1', 'Primera División', 'ARG', 'Argentina', 1, 60),
  league('br.1', 'Série A', 'BRA', 'Brazil', 1, 65),
  league('br.2', 'Série B', 'BRA', 'Brazil', 2, 35),
  league('cn.1', 'Super League', 'CHN', 'China', 1, 30),
  league('co.1', 'Primera A', 'COL', 'Colombia', 1, 35),
  league('jp.1', 'J1 League', 'JPN', 'Japan', 1, 45),
  league('mls', 'Major League Soccer', 'USA', 'United States', 1, 50),
  cup('uefa.cl', 'UEFA Champions League', 'Europe', 98),
  cup('copa.l', 'Copa Libertadores', 'South America', 70),
  cup('world.cup', 'FIFA World Cup', 'World', 99),
  cup('world.clubcup', 'FIFA Club World Cup', 'World', 70),
  cup('world.cup.quali', 'FIFA World Cup qualification', 'World', 50),
  cup('euro', 'UEFA European Championship', 'Europe', 97),
];

export function findCompetitionDefinition(code: string): CompetitionDefinition | undefined {
  return COMPETITIONS.find((competition) => competition.code === code);
}
