// Badge codes (issue #19): three letters, never a match status, unique within each competition season.
// Worked out at seed time (db/seed/team-identity) and stored in team.code; the browser only shows them,
// so none of this is in its bundle (domain/badge.ts has the small fallback it uses).
import { foldText } from './names.ts';

/**
 * What a match's status column can say (app/components/match-row.tsx matchStatusLabel, and the usual
 * broadcast abbreviations): a badge beside it must never read the same — Huddersfield was "HT" (issue #19).
 */
export const STATUS_ABBREVIATIONS: readonly string[] = [
  'HT',
  'FT',
  'ET',
  'AET',
  'PEN',
  'PENS',
  'PSO',
  'NA',
  'TBC',
  'TBD',
  'AWD',
  'PST',
  'POSTP',
  'CAN',
  'CANC',
  'ABD',
  'ABAND',
  'LIVE',
];

/** The code a team without a stored one is shown with (match rows, team pages): its first candidate. */
export function defaultBadgeCode(name: string): string {
  // Only the first candidate: making all of them costs ~0.5 ms a name, on every list of matches.
  return candidateCodes(name).next().value ?? 'XXX';
}

/** Words that name a kind of club, not this club ("FC", "1."), dropped before a code is made. */
const AFFIXES = new Set([
  'fc',
  'afc',
  'cf',
  'sc',
  'ac',
  'as',
  'ss',
  'ssc',
  'us',
  'cd',
  'ud',
  'sd',
  'rc',
  'fk',
  'sk',
  'bk',
  'cfc',
  'sv',
  'vfb',
  'vfl',
  'tsg',
  'de',
  'of',
  'the',
  'and',
  'club',
]);
/** A last word shared by many clubs ("Stoke City", "Swansea City"): the code comes from the words before it. */
const GENERIC_LAST_WORDS = new Set([
  'city',
  'town',
  'united',
  'utd',
  'county',
  'rovers',
  'athletic',
  'albion',
  'wanderers',
  'hotspur',
  'rangers',
  'borough',
  'fc',
]);

/** The name's words as capital letters A–Z only: accents folded, digits and affixes gone. */
function codeWords(name: string): string[] {
  return foldText(name)
    .split(' ')
    .filter((word) => word !== '' && !AFFIXES.has(word))
    .map((word) => word.replace(/[^a-z]/g, '').toUpperCase())
    .filter((word) => word !== '');
}

function isUsableCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && !STATUS_ABBREVIATIONS.includes(code);
}

/** The codes of badgeCodeCandidates, best first, made only as far as they are read (a default needs one). */
function* candidateCodes(name: string): Generator<string> {
  const seen = new Set<string>();
  function* fresh(code: string): Generator<string> {
    if (!seen.has(code) && isUsableCode(code)) {
      seen.add(code);
      yield code;
    }
  }
  const all = codeWords(name);
  const words = all.length > 1 && GENERIC_LAST_WORDS.has((all.at(-1) as string).toLowerCase()) ? all.slice(0, -1) : all;
  if (all.length >= 3)
    yield* fresh(
      all
        .slice(0, 3)
        .map((word) => word.charAt(0))
        .join(''),
    );
  for (const list of [words, all]) {
    if (list.length === 0) continue;
    const [first, second, third] = list as [string, string | undefined, string | undefined];
    if (third !== undefined) yield* fresh(first.charAt(0) + second!.charAt(0) + third.charAt(0));
    if (list.length === 1 || first.length >= 3) yield* fresh(first.slice(0, 3));
    if (second !== undefined) {
      yield* fresh(first.charAt(0) + second.slice(0, 2));
      yield* fresh(first.slice(0, 2) + second.charAt(0));
    }
  }
  // Then the first letter with any two later letters, in order: always many more codes.
  const letters = all.join('');
  for (let i = 1; i < letters.length; i += 1) {
    for (let j = i + 1; j < letters.length; j += 1)
      yield* fresh(letters.charAt(0) + letters.charAt(i) + letters.charAt(j));
  }
  const initial = letters.charAt(0) || 'X';
  for (const second of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    for (const third of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') yield* fresh(initial + second + third);
  }
}

/**
 * Three-letter codes for a name, best first: "Arsenal FC" → ARS, "Stoke City" → STO, "Brighton & Hove
 * Albion" → BHA, "Manchester United" → MAN, then MUN, … Letters only (never "B0L" or "1K"), never a
 * status abbreviation, and always enough of them for a competition's teams to get one each (assignBadgeCodes).
 */
export function badgeCodeCandidates(name: string): string[] {
  return [...candidateCodes(name)];
}

export interface CodeRequest {
  id: number;
  /** A code the data or a curated table gives this team (FIFA trigram, "MUN"); tried first. */
  preferred: string | null;
  name: string;
}

/**
 * One code per team, unique among the teams of every group given (a group: one competition season's
 * teams), so no two badges of one table or fixture list read the same. Teams are served in the order
 * given (callers put teams with a preferred code first), each taking its first candidate that no team
 * sharing a group with it holds yet.
 */
export function assignBadgeCodes(
  teams: readonly CodeRequest[],
  groups: ReadonlyArray<readonly number[]>,
): Map<number, string> {
  const groupsOf = new Map<number, number[]>();
  groups.forEach((group, index) => {
    for (const id of group) {
      const list = groupsOf.get(id) ?? [];
      list.push(index);
      groupsOf.set(id, list);
    }
  });
  const used = groups.map(() => new Set<string>());
  const codes = new Map<number, string>();
  for (const team of teams) {
    const mine = groupsOf.get(team.id) ?? [];
    const candidates = badgeCodeCandidates(team.name);
    if (team.preferred && /^[A-Z]{3}$/.test(team.preferred) && !STATUS_ABBREVIATIONS.includes(team.preferred))
      candidates.unshift(team.preferred);
    const code =
      candidates.find((candidate) => mine.every((group) => !used[group]!.has(candidate))) ?? (candidates[0] as string);
    for (const group of mine) used[group]!.add(code);
    codes.set(team.id, code);
  }
  return codes;
}
