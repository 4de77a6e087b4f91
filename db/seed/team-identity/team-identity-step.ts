// The names, codes and colours a team is shown with (issue #19), worked out again on every seed run
// from everything the importers stored, so an existing database gets them on its next `npm run db:seed`:
//
// - short_name: the project's curated name (domain/team-facts.ts), else the clubs directory's
//   (short-names.ts), else what the importer stored;
// - colour_primary/secondary: the curated kit colours where known, else what is stored;
// - code: three letters, unique within every competition season the team plays in and never a match
//   status (domain/badge.ts assignBadgeCodes). National teams keep their FIFA trigram (stored by the
//   importers), clubs get the curated code or the first free generated one.
//
// It runs last (db/seed/steps.ts) and writes only rows whose values change, so a second run writes nothing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { assignBadgeCodes, type CodeRequest } from '../../../domain/badge-codes.ts';
import { findTeamFact } from '../../../domain/team-facts.ts';
import { loadClubDirectory, type ClubDirectory } from '../openfootball/clubs.ts';
import type { SeedDb, SeedStep } from '../seed-kit.ts';
import { directoryShortName } from './short-names.ts';

interface TeamRow {
  id: number;
  name: string;
  short_name: string;
  code: string | null;
  kind: string;
  country_code: string | null;
  colour_primary: string;
  colour_secondary: string;
}

/** Each competition season's teams: the groups within which badge codes are unique. */
async function listSeasonTeams(db: SeedDb): Promise<number[][]> {
  const rows = await db
    .selectFrom('match')
    .select(['season_id', 'home_team_id', 'away_team_id'])
    .where('replay_of_match_id', 'is', null)
    .execute();
  const bySeason = new Map<number, Set<number>>();
  for (const row of rows) {
    const teams = bySeason.get(Number(row.season_id)) ?? new Set<number>();
    teams.add(Number(row.home_team_id));
    teams.add(Number(row.away_team_id));
    bySeason.set(Number(row.season_id), teams);
  }
  return [...bySeason.values()].map((teams) => [...teams]);
}

export async function applyTeamIdentity(db: SeedDb, clubs: ClubDirectory | null): Promise<Record<string, number>> {
  const teams = (await db
    .selectFrom('team')
    .select(['id', 'name', 'short_name', 'code', 'kind', 'country_code', 'colour_primary', 'colour_secondary'])
    .orderBy('id')
    .execute()) as TeamRow[];
  const spellings = new Map<number, string[]>();
  for (const row of await db.selectFrom('team_alias').select(['team_id', 'alias']).execute()) {
    const list = spellings.get(Number(row.team_id)) ?? [];
    list.push(row.alias);
    spellings.set(Number(row.team_id), list);
  }

  const requests: CodeRequest[] = [];
  const planned = new Map<number, { shortName: string; primary: string; secondary: string }>();
  for (const team of teams) {
    const id = Number(team.id);
    const kind = team.kind === 'national' ? 'national' : 'club';
    const fact = findTeamFact(kind, [team.name, ...(spellings.get(id) ?? [])]);
    let shortName = fact?.shortName ?? team.short_name;
    if (!fact?.shortName && kind === 'club' && clubs && team.country_code) {
      const entry = clubs.find(team.name, team.country_code);
      if (entry) {
        const short = directoryShortName(
          entry.name,
          clubs.unambiguousNames(entry).filter((name) => name !== entry.name),
        );
        // "Paris" would be PSG: a short name another club of the country answers to keeps the full one.
        shortName = clubs.find(short, team.country_code) === entry ? short : entry.name;
      }
    }
    planned.set(id, {
      shortName,
      primary: fact?.colours?.primary ?? team.colour_primary,
      secondary: fact?.colours?.secondary ?? team.colour_secondary,
    });
    requests.push({ id, preferred: fact?.code ?? (kind === 'national' ? team.code : null), name: shortName });
  }
  // Teams with a code of their own choose first, so a generated code never takes a FIFA or curated one.
  requests.sort((a, b) => Number(b.preferred !== null) - Number(a.preferred !== null) || a.id - b.id);
  const codes = assignBadgeCodes(requests, await listSeasonTeams(db));

  let updated = 0;
  for (const team of teams) {
    const id = Number(team.id);
    const plan = planned.get(id)!;
    const code = codes.get(id) ?? null;
    if (
      plan.shortName === team.short_name &&
      code === team.code &&
      plan.primary === team.colour_primary &&
      plan.secondary === team.colour_secondary
    )
      continue;
    await db
      .updateTable('team')
      .set({ short_name: plan.shortName, code, colour_primary: plan.primary, colour_secondary: plan.secondary })
      .where('id', '=', id)
      .execute();
    updated += 1;
  }
  return { teams: teams.length, teamsUpdated: updated };
}

export const teamIdentityStep: SeedStep = {
  name: 'team-identity',
  licence: 'Derived from the imported data; curated names, codes and colours entered by the project.',
  async run({ db, dataDir }) {
    const clubsDir = path.join(dataDir, 'openfootball', 'clubs');
    return applyTeamIdentity(db, existsSync(clubsDir) ? loadClubDirectory(clubsDir) : null);
  },
};
