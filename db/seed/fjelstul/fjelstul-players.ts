// Players. Fjelstul ids (P-…) are one person across tournaments; other sources
// know the World Cups 2014, 2018 and 2022 players by other names: openfootball
// by the name a file gives a scorer ("Lionel Messi", "Messi"), Wyscout by the
// full name ("Lionel Andrés Messi Cuccittini", short "L. Messi"). A Fjelstul
// squad player is linked to such a player of the same team and tournament when
// their names fit and no other player of that squad fits as well, so that a
// squad, a line-up and the scorers list show one row per person.
import { foldText } from '../../../domain/names.ts';
import type { PlayerRow } from './fjelstul.schemas.ts';

/** "Lionel Messi"; players known by one name (Pelé, Neymar) have no given name. */
export function playerName(row: Pick<PlayerRow, 'given_name' | 'family_name'>): string {
  return row.given_name ? `${row.given_name} ${row.family_name}` : row.family_name;
}

export interface LinkCandidate {
  id: number;
  name: string;
  shortName: string;
  /** Plays in a line-up or timeline of the tournament (not just a squad row left by an earlier import). */
  active: boolean;
}

export interface LinkSubject {
  playerId: string;
  givenName: string | null;
  familyName: string;
}

const tokens = (text: string) =>
  foldText(text)
    .split(' ')
    .filter((token) => token !== '');
const within = (small: readonly string[], large: ReadonlySet<string>) => small.every((token) => large.has(token));

/** Edit distance, giving up above `limit` (transliterations differ by a letter or two: Lunev / Lunyov). */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

interface SubjectWords {
  family: string[];
  given: string[];
  full: Set<string>;
  initials: Set<string>;
}

function subjectWords(subject: LinkSubject): SubjectWords {
  const family = tokens(subject.familyName);
  const given = tokens(subject.givenName ?? '');
  return {
    family,
    given,
    full: new Set([...given, ...family]),
    initials: new Set(given.map((token) => token[0] ?? '')),
  };
}

/** A candidate's name and short name, as words. */
type CandidateWords = [string[], string[]];

const candidateWords = (candidate: Pick<LinkCandidate, 'name' | 'shortName'>): CandidateWords => [
  tokens(candidate.name),
  tokens(candidate.shortName),
];

/**
 * How well a candidate's names fit a player: 4 the same words in any order, in
 * its name or short name ("Son Heung-min" / "Heung-min Son", short "Fernandinho");
 * 3 one name contains the other and both contain the family name ("Messi",
 * "Lionel Andrés Messi Cuccittini"); 2 the family name with initials of given
 * names ("L. Messi"); 1 the first given name and a family name spelt a letter or
 * two apart ("Aleksandr Erokhin" / "Aleksandr Yerokhin"); 0 no fit.
 */
export function nameFit(subject: LinkSubject, candidate: Pick<LinkCandidate, 'name' | 'shortName'>): number {
  return fitOfWords(subjectWords(subject), candidateWords(candidate));
}

function fitOfWords({ family, given, full, initials }: SubjectWords, spellings: CandidateWords): number {
  if (spellings.some((name) => name.length === full.size && within(name, full))) return 4;
  for (const name of spellings) {
    const nameSet = new Set(name);
    if (within(family, nameSet) && (within(name, full) || within([...full], nameSet))) return 3;
  }
  for (const name of spellings) {
    if (!within(family, new Set(name))) continue;
    const rest = name.filter((token) => !family.includes(token));
    if (rest.length > 0 && rest.every((token) => token.length === 1 && initials.has(token))) return 2;
  }
  const [first] = given;
  const [surname, ...more] = family;
  if (first !== undefined && surname !== undefined && more.length === 0 && surname.length >= 5) {
    const name = spellings[0];
    if (
      name.includes(first) &&
      name.some((token) => token !== first && token.length >= 4 && editDistance(token, surname, 2) <= 2)
    )
      return 1;
  }
  return 0;
}

/**
 * Links players of one squad to candidates of the same squad. In passes from
 * the best fit down, first among active candidates then among all, a pair is
 * linked when each is the other's only unlinked fit at that level or better.
 */
export function linkSquad(subjects: readonly LinkSubject[], candidates: readonly LinkCandidate[]): Map<string, number> {
  const links = new Map<string, number>();
  const taken = new Set<number>();
  const fits = new Map<string, Map<number, number>>();
  const words = candidates.map(candidateWords);
  for (const subject of subjects) {
    const own = subjectWords(subject);
    const row = new Map<number, number>();
    for (const [index, candidate] of candidates.entries()) {
      const fit = fitOfWords(own, words[index] as CandidateWords);
      if (fit > 0) row.set(candidate.id, fit);
    }
    fits.set(subject.playerId, row);
  }
  for (const activeOnly of [true, false]) {
    const pool = candidates.filter((candidate) => !activeOnly || candidate.active);
    for (const level of [4, 3, 2, 1]) {
      const open = subjects.filter((subject) => !links.has(subject.playerId));
      const options = (subject: LinkSubject) =>
        pool.filter(
          (candidate) => !taken.has(candidate.id) && (fits.get(subject.playerId)?.get(candidate.id) ?? 0) >= level,
        );
      for (const subject of open) {
        const [only, ...others] = options(subject);
        if (!only || others.length > 0) continue;
        const rivals = open.filter(
          (other) => !links.has(other.playerId) && (fits.get(other.playerId)?.get(only.id) ?? 0) >= level,
        );
        if (rivals.length !== 1) continue;
        links.set(subject.playerId, only.id);
        taken.add(only.id);
      }
    }
  }
  return links;
}
