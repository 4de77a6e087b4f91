// Real point adjustments (deductions) for the shipped seasons, as data (issue #3,
// DESIGN.md §4): openfootball does not encode them (its NOTICE says so). Each is
// keyed by competition code, season code and the team name exactly as the
// openfootball file of that season spells it; the importer maps the name to a
// team. Only adjustments checked against the governing body's decision or contemporary
// reports are listed; a season not listed here had none that we know of, which is
// not the same as having none: for the verified ones see domain/official-tables.test.ts.
import { z } from 'zod';

export const pointAdjustmentEntrySchema = z.object({
  competitionCode: z.string(),
  seasonCode: z.string(),
  /** As spelt in openfootball/football.json/<season>/<code>.json. */
  teamName: z.string(),
  /** Negative for a deduction; a successful appeal is its own positive entry. */
  points: z.number().int(),
  /** The day the table changed (YYYY-MM-DD); null when it applies from the season's start or the day is not recorded here. */
  effectiveDate: z.iso.date().nullable(),
  reason: z.string(),
  source: z.string(),
});
export type PointAdjustmentEntry = z.infer<typeof pointAdjustmentEntrySchema>;

export const POINT_ADJUSTMENTS: readonly PointAdjustmentEntry[] = [
  // Austrian Bundesliga 2022-23: Austria Wien −3, taken from the regular season's points before they were halved.
  {
    competitionCode: 'at.1',
    seasonCode: '2022-23',
    teamName: 'Austria Wien',
    points: -3,
    effectiveDate: null,
    reason: 'Licensing: conditions of the 2022-23 licence not met (financial)',
    source: 'Austrian Bundesliga final table as published (oddsportal.com standings: "−3 points (financial problems)")',
  },
  // Premier League 2023-24: Everton −10, cut to −6 on appeal, then −2 more (−8 in all); Nottingham Forest −4.
  {
    competitionCode: 'en.1',
    seasonCode: '2023-24',
    teamName: 'Everton FC',
    points: -10,
    effectiveDate: '2023-11-17',
    reason: 'Breach of the Premier League Profitability and Sustainability Rules (2021-22 accounts)',
    source: 'Premier League statement, 2023-11-17 (independent commission)',
  },
  {
    competitionCode: 'en.1',
    seasonCode: '2023-24',
    teamName: 'Everton FC',
    points: 4,
    effectiveDate: '2024-02-26',
    reason: 'Appeal Board reduced the 10-point deduction to 6',
    source: 'Premier League statement, 2024-02-26 (Appeal Board)',
  },
  {
    competitionCode: 'en.1',
    seasonCode: '2023-24',
    teamName: 'Everton FC',
    points: -2,
    effectiveDate: '2024-04-08',
    reason: 'Second breach of the Profitability and Sustainability Rules (2022-23 accounts)',
    source: 'Premier League statement, 2024-04-08',
  },
  {
    competitionCode: 'en.1',
    seasonCode: '2023-24',
    teamName: 'Nottingham Forest FC',
    points: -4,
    effectiveDate: '2024-03-18',
    reason: 'Breach of the Profitability and Sustainability Rules (2022-23 accounts)',
    source: 'Premier League statement, 2024-03-18 (independent commission)',
  },
  // Championship.
  {
    competitionCode: 'en.2',
    seasonCode: '2022-23',
    teamName: 'Reading FC',
    points: -6,
    effectiveDate: null,
    reason: 'Breach of the business plan agreed with the EFL after earlier Profitability and Sustainability breaches',
    source: 'EFL statement, 2022-23 season; final table shows Reading 44 (50 − 6)',
  },
  {
    competitionCode: 'en.2',
    seasonCode: '2022-23',
    teamName: 'Wigan Athletic FC',
    points: -3,
    effectiveDate: null,
    reason: 'Late payment of players’ wages (EFL misconduct charge)',
    source: 'EFL disciplinary decision, 2022-23 season; Opta/Reuters table of 2023-04-22 shows Wigan 40 (43 − 3)',
  },
  {
    competitionCode: 'en.2',
    seasonCode: '2024-25',
    teamName: 'Sheffield United FC',
    points: -2,
    effectiveDate: null,
    reason: 'Defaults on transfer payments to other clubs in 2022-23, applied from the start of the next EFL season',
    source: 'EFL statement, 2024-04-11 (independent disciplinary commission)',
  },
  {
    competitionCode: 'en.2',
    seasonCode: '2025-26',
    teamName: 'Sheffield Wednesday FC',
    points: -12,
    effectiveDate: '2025-10-24',
    reason: 'Entering administration (automatic deduction)',
    source: 'EFL statement, 2025-10-24',
  },
  // Serie A 2022-23: Juventus −15 (capital gains case), annulled by CONI, then −10 for good.
  {
    competitionCode: 'it.1',
    seasonCode: '2022-23',
    teamName: 'Juventus FC',
    points: -15,
    effectiveDate: '2023-01-20',
    reason: 'Capital gains (plusvalenze) case',
    source: 'FIGC Corte Federale d’Appello, 2023-01-20',
  },
  {
    competitionCode: 'it.1',
    seasonCode: '2022-23',
    teamName: 'Juventus FC',
    points: 15,
    effectiveDate: '2023-04-20',
    reason: 'CONI Collegio di Garanzia annulled the penalty and sent the case back',
    source: 'CONI Collegio di Garanzia dello Sport, 2023-04-20',
  },
  {
    competitionCode: 'it.1',
    seasonCode: '2022-23',
    teamName: 'Juventus FC',
    points: -10,
    effectiveDate: '2023-05-22',
    reason: 'Capital gains (plusvalenze) case, penalty set again',
    source: 'FIGC Corte Federale d’Appello, 2023-05-22',
  },
  // Ligue 1 2023-24.
  {
    competitionCode: 'fr.1',
    seasonCode: '2023-24',
    teamName: 'Montpellier HSC',
    points: -1,
    effectiveDate: null,
    reason: 'Firecracker thrown at the Clermont goalkeeper; the match was stopped and replayed',
    source: 'LFP disciplinary commission; final table shows Montpellier 41 (42 − 1)',
  },
  // Eredivisie 2023-24.
  {
    competitionCode: 'nl.1',
    seasonCode: '2023-24',
    teamName: 'SBV Vitesse',
    points: -18,
    effectiveDate: '2024-04-19',
    reason: 'Repeated breaches of the KNVB licensing regulations',
    source: 'KNVB licensing committee statement, 2024-04-19',
  },
];

/** The adjustments of one competition season, in the order they happened. */
export function listPointAdjustments(competitionCode: string, seasonCode: string): PointAdjustmentEntry[] {
  return POINT_ADJUSTMENTS.filter(
    (entry) => entry.competitionCode === competitionCode && entry.seasonCode === seasonCode,
  );
}
