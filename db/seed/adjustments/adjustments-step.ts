// Writes the known point deductions (domain/point-adjustments.ts) against the
// imported seasons, matching each team by name among that season's teams.
import { POINT_ADJUSTMENTS } from '../../../domain/point-adjustments.ts';
import { teamKey } from '../../../domain/names.ts';
import type { SeedStep } from '../seed-kit.ts';

export const adjustmentsStep: SeedStep = {
  name: 'adjustments',
  licence: 'Facts from the governing bodies, entered by the project.',
  async run({ db, log }) {
    let written = 0;
    let skipped = 0;
    for (const entry of POINT_ADJUSTMENTS) {
      const season = await db
        .selectFrom('season')
        .innerJoin('competition', 'competition.id', 'season.competition_id')
        .select('season.id')
        .where('competition.code', '=', entry.competitionCode)
        .where('season.code', '=', entry.seasonCode)
        .executeTakeFirst();
      if (!season) {
        skipped += 1;
        continue;
      }
      const team = await db
        .selectFrom('team_alias')
        .select('team_alias.team_id')
        .where('team_alias.alias_key', '=', teamKey(entry.teamName))
        .where('team_alias.kind', '=', 'club')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('match')
              .select('match.id')
              .where('match.season_id', '=', season.id)
              .where((inner) => inner.or([inner('match.home_team_id', '=', eb.ref('team_alias.team_id')), inner('match.away_team_id', '=', eb.ref('team_alias.team_id'))])),
          ),
        )
        .executeTakeFirst();
      if (!team) throw new Error(`Point adjustment for "${entry.teamName}" (${entry.competitionCode} ${entry.seasonCode}): no such team in that season`);
      const reason = entry.effectiveDate ? `${entry.reason} (${entry.effectiveDate})` : entry.reason;
      await db
        .insertInto('point_adjustment')
        .values({ season_id: season.id, team_id: team.team_id, points: entry.points, reason, source: entry.source, effective_date: entry.effectiveDate })
        .onConflict((oc) => oc.columns(['season_id', 'team_id', 'reason']).doUpdateSet({ points: entry.points, source: entry.source, effective_date: entry.effectiveDate }))
        .execute();
      written += 1;
    }
    if (skipped > 0) log(`${skipped} adjustments are for seasons not imported`);
    return { adjustments: written };
  },
};
