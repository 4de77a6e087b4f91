// Squads in Football.TXT (openfootball/england 2023-24/squads/<club>.txt): one
// file per club and season, one line per player.
//
//   =  Arsenal FC - English Premier League 2023/24      club - competition season
//     1,  Aaron Ramsdale,        GK,   b. 1998,   Sheffield U     shirt, name, position, birth year, previous club
//    22,  David Raya (ESP),      GK,   b. 1995,   Brentford       "(ESP)": the FIFA code of a player from abroad
//    49,  Sebastian Jensen,      GK,   b. ????,                   birth year unknown; no previous club
//
// A player without a country code is from the league's country (the files tag
// only players from abroad, Welsh and Scottish ones included). Players become
// `player` rows and `squad_member` rows (season, team, shirt number, position).
import { z } from 'zod';
import { foldText, teamKey } from '../../../domain/names.ts';
import type { SeedDb } from '../seed-kit.ts';
import { FootballTxtError } from './football-txt.ts';
import { resolvePlayerNames } from './player-names.ts';
import type { RefStore } from './ref-store.ts';

export const SQUAD_POSITIONS = ['GK', 'DF', 'MF', 'FW'] as const;

export const squadPlayerSchema = z.object({
  line: z.number().int().positive(),
  shirtNumber: z.number().int().min(0).max(99),
  name: z.string().trim().min(1),
  /** FIFA code from "(ESP)"; null for a player of the league's own country. */
  countryCode: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
  position: z.enum(SQUAD_POSITIONS),
  birthYear: z.number().int().min(1900).max(2100).nullable(),
  previousClub: z.string().trim().min(1).nullable(),
});

export const squadFileSchema = z.object({
  team: z.string().trim().min(1),
  /** "English Premier League". */
  competition: z.string().trim().min(1),
  /** "2023/24". */
  season: z.string().regex(/^\d{4}\/\d{2}$|^\d{4}$/),
  players: z.array(squadPlayerSchema).min(1),
});

export type SquadPlayer = z.infer<typeof squadPlayerSchema>;
export type SquadFileContent = z.infer<typeof squadFileSchema>;

const HEADER = /^=\s*(.+?)\s+-\s+(.+?)\s+(\d{4}\/\d{2}|\d{4})$/;
const PLAYER = /^(\d{1,2}),\s+(.+?)(?:\s+\(([A-Z]{3})\))?,\s+([A-Z]{2}),\s+b\.\s+(\d{4}|\?{4}),(?:\s*(.*))?$/;

/** Parses one squad file; `file` names it in errors. */
export function parseSquadTxt(text: string, file: string): SquadFileContent {
  let header: { team: string; competition: string; season: string } | undefined;
  const players: SquadPlayer[] = [];
  const shirts = new Map<number, number>();
  for (const [index, rawLine] of text.split(/\r?\n/).entries()) {
    const lineNumber = index + 1;
    const fail: (message: string) => never = (message) => {
      throw new FootballTxtError(file, lineNumber, message);
    };
    const hash = rawLine.indexOf('#');
    const line = (hash === -1 ? rawLine : rawLine.slice(0, hash)).trim();
    if (line === '') continue;
    if (line.startsWith('=')) {
      const parts = HEADER.exec(line);
      if (!parts) fail(`expected "= Club - Competition 2023/24", got "${line}"`);
      if (header) fail('a second "=" header (one club per file)');
      header = { team: parts[1] ?? '', competition: parts[2] ?? '', season: parts[3] ?? '' };
      continue;
    }
    const parts = PLAYER.exec(line);
    if (!parts) fail(`not a player line ("12, Name (ESP), DF, b. 1999, Previous club"): "${line}"`);
    if (!header) fail('a player before the "= Club - Competition season" header');
    const [, shirt = '', name = '', countryCode, position = '', born = '', previous] = parts;
    if (!(SQUAD_POSITIONS as readonly string[]).includes(position))
      fail(`unknown position "${position}" (known: ${SQUAD_POSITIONS.join(', ')})`);
    const shirtNumber = Number(shirt);
    const earlier = shirts.get(shirtNumber);
    if (earlier !== undefined) fail(`shirt number ${shirtNumber} is also on line ${earlier}`);
    shirts.set(shirtNumber, lineNumber);
    const checked = squadPlayerSchema.safeParse({
      line: lineNumber,
      shirtNumber,
      name,
      countryCode: countryCode ?? null,
      position,
      birthYear: born === '????' ? null : Number(born),
      previousClub: previous?.trim() || null,
    });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      fail(`"${line}": ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`.trim());
    } else players.push(checked.data);
  }
  if (!header) throw new FootballTxtError(file, 1, 'no "= Club - Competition season" header');
  const result = squadFileSchema.safeParse({ ...header, players });
  if (!result.success) throw new FootballTxtError(file, 1, result.error.issues[0]?.message ?? 'invalid squad');
  return result.data;
}

/**
 * A squad player's identity (source_ref 'player'): the folded name with the birth
 * year, which follows a player from club to club within the files' league;
 * without a birth year, the name within the club.
 */
export function squadPlayerKey(player: Pick<SquadPlayer, 'name' | 'birthYear'>, teamName: string): string {
  return `club|${foldText(player.name)}|${player.birthYear ?? `team:${teamKey(teamName)}`}`;
}

export interface SquadCounts {
  squadPlayers: number;
  squadPlayersCreated: number;
  squadPlayersUpdated: number;
  squadPlayersAdopted: number;
  /** Squad players who are a national-team scorer of the same full name and country (Declan Rice, England). */
  squadPlayersLinked: number;
  squadPlacesRemoved: number;
}

export interface SquadInput {
  seasonId: number;
  teamId: number;
  teamName: string;
  players: readonly SquadPlayer[];
  /** The player's country: a FIFA code's name, or the league's country for an untagged player. */
  countryOf: (code: string | null) => string;
  /** This importer's national-team scorer of the same full name and country (World Cup, Euro files), if any. */
  nationalPlayer: (player: SquadPlayer) => number | undefined;
  report: (message: string) => void;
}

/**
 * Writes one club's squad for one season; a re-run changes nothing. A squad
 * player is, in order: the player this file made before (its key); a player this
 * importer already has in that team's season under a short form of the squad
 * name (a scorer "Saka" beside the squad's "Bukayo Saka", player-names.ts); a
 * national-team scorer of the same full name (two words or more) and country
 * (the World Cup's "Declan Rice" of England); else a new player. Squad places of
 * players no longer in the file are removed.
 */
export async function writeSquad(db: SeedDb, refs: RefStore, input: SquadInput, counts: SquadCounts): Promise<void> {
  const own = new Set<number>();
  for (const key of refs.externalIds('player', '')) {
    const id = refs.get('player', key);
    if (id !== undefined) own.add(id);
  }
  /** Player id → its squad key, for the players squads files created. */
  const squadKeyOf = new Map<number, string>();
  for (const key of refs.externalIds('player', 'club|')) {
    const id = refs.get('player', key);
    if (id !== undefined) squadKeyOf.set(id, key);
  }
  const placeRows = await db
    .selectFrom('squad_member as s')
    .innerJoin('player as p', 'p.id', 's.player_id')
    .select([
      'p.id',
      'p.name',
      'p.short_name',
      'p.country',
      'p.position',
      's.shirt_number',
      's.position as squadPosition',
    ])
    .where('s.season_id', '=', input.seasonId)
    .where('s.team_id', '=', input.teamId)
    .execute();
  const places = new Map(placeRows.map((row) => [Number(row.id), row]));

  // Stored players of ours in this team's season whose names are short forms of one squad name.
  const squadKeys = new Set(input.players.map((player) => squadPlayerKey(player, input.teamName)));
  const others = placeRows.filter(
    (row) => own.has(Number(row.id)) && !squadKeys.has(squadKeyOf.get(Number(row.id)) ?? ''),
  );
  const resolution = resolvePlayerNames([
    ...input.players.map((player) => player.name),
    ...others.map((row) => row.name),
  ]);
  const adoptable = new Map<string, number>();
  for (const row of others) {
    const full = resolution.canonical.get(row.name);
    if (full !== undefined && full !== row.name) adoptable.set(foldText(full), Number(row.id));
  }
  for (const [short, candidates] of resolution.ambiguous) {
    if (others.some((row) => row.name === short))
      input.report(`${input.teamName}: player "${short}" could be ${candidates.join(' or ')}; kept apart`);
  }

  const knownIds = input.players.flatMap((player) => {
    const id = refs.get('player', squadPlayerKey(player, input.teamName));
    return id === undefined ? [] : [id];
  });
  const currentRows =
    knownIds.length === 0
      ? []
      : await db
          .selectFrom('player')
          .select(['id', 'name', 'short_name', 'country', 'position'])
          .where('id', 'in', knownIds)
          .execute();
  const current = new Map(currentRows.map((row) => [Number(row.id), row]));

  const inFile = new Set<number>();
  for (const player of input.players) {
    const key = squadPlayerKey(player, input.teamName);
    const values = {
      name: player.name,
      short_name: player.name,
      birth_date: null,
      country: input.countryOf(player.countryCode),
      position: player.position,
    };
    let id = refs.get('player', key);
    if (id === undefined) {
      id = adoptable.get(foldText(player.name));
      if (id !== undefined) counts.squadPlayersAdopted += 1;
    }
    if (id === undefined) {
      id = input.nationalPlayer(player);
      if (id !== undefined) counts.squadPlayersLinked += 1;
    }
    if (id === undefined) {
      const inserted = await db.insertInto('player').values(values).returning('id').executeTakeFirstOrThrow();
      id = Number(inserted.id);
      counts.squadPlayersCreated += 1;
    } else {
      const stored = current.get(id);
      if (
        stored === undefined ||
        stored.name !== values.name ||
        stored.short_name !== values.short_name ||
        stored.country !== values.country ||
        stored.position !== values.position
      ) {
        await db.updateTable('player').set(values).where('id', '=', id).execute();
        counts.squadPlayersUpdated += 1;
      }
    }
    refs.set('player', key, id);
    inFile.add(id);
    counts.squadPlayers += 1;
    const place = places.get(id);
    if (place === undefined) {
      await db
        .insertInto('squad_member')
        .values({
          season_id: input.seasonId,
          team_id: input.teamId,
          player_id: id,
          shirt_number: player.shirtNumber,
          position: player.position,
        })
        .execute();
    } else if (place.shirt_number !== player.shirtNumber || place.squadPosition !== player.position) {
      await db
        .updateTable('squad_member')
        .set({ shirt_number: player.shirtNumber, position: player.position })
        .where('season_id', '=', input.seasonId)
        .where('team_id', '=', input.teamId)
        .where('player_id', '=', id)
        .execute();
    }
  }

  // Squad places this file gave before to players it no longer lists.
  for (const row of placeRows) {
    const id = Number(row.id);
    if (inFile.has(id) || !squadKeyOf.has(id)) continue;
    await db
      .deleteFrom('squad_member')
      .where('season_id', '=', input.seasonId)
      .where('team_id', '=', input.teamId)
      .where('player_id', '=', id)
      .execute();
    counts.squadPlacesRemoved += 1;
  }
}
