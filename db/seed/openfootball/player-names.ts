// One player however a file shortens his name (issue #3). The World Cup files
// write "Kylian Mbappé" in one match and "Mbappé" in another, "Kane" and "Harry
// Kane", "R. Lukaku" and "Lukaku". The rule, applied within one team in one
// competition-season (never across teams, never across seasons):
//
//   a name is a short form of another when its words, read from the end, are the
//   other's last words, each word equal (case and accents folded with foldText)
//   or an initial of it: "Mbappé" and "K. Mbappé" are short forms of "Kylian
//   Mbappé"; "Silva" of "Thiago Silva".
//
// A short form is the player of the longest name it is a short form of, when
// that name is unambiguous: every longer candidate must itself be a short form
// of that one name ("Coutinho" → "P. Coutinho" → "Philippe Coutinho"). When two
// different players fit ("Silva" in a squad with Thiago Silva and David Silva),
// the short name stays its own player and the ambiguity is reported: a goal is
// never credited to a guess.
import { foldText } from '../../../domain/names.ts';

function words(name: string): string[] {
  return foldText(name)
    .split(' ')
    .filter((word) => word !== '');
}

/** True when `short` is a short form of `full` (and not the same name). */
export function isShortFormOf(short: string, full: string): boolean {
  const a = words(short);
  const b = words(full);
  if (a.length === 0 || a.length > b.length) return false;
  let shorter = a.length < b.length;
  for (let index = 1; index <= a.length; index += 1) {
    const part = a[a.length - index] ?? '';
    const whole = b[b.length - index] ?? '';
    if (part === whole) continue;
    if (part.length === 1 && whole.length > 1 && whole.startsWith(part)) {
      shorter = true; // "K. Mbappé" is shorter than "Kylian Mbappé" although both have two words
      continue;
    }
    return false;
  }
  return shorter;
}

export interface PlayerNameResolution {
  /** Each name given → the name of the player it stands for (itself when it is not a short form). */
  canonical: Map<string, string>;
  /** Short forms read as a longer name: [short, full]. */
  resolved: [string, string][];
  /** Short forms that fit more than one player: [short, the candidates]. */
  ambiguous: [string, string[]][];
}

/**
 * Applies the rule to the names one team uses in one competition-season.
 * Names that fold to the same text ("Mbappé", "Mbappe") are one name: the first spelling wins.
 */
export function resolvePlayerNames(names: Iterable<string>): PlayerNameResolution {
  const spelling = new Map<string, string>();
  const given: string[] = [];
  for (const name of names) {
    given.push(name);
    const folded = foldText(name);
    if (!spelling.has(folded)) spelling.set(folded, name);
  }
  const distinct = [...spelling.values()];
  const target = new Map<string, string>();
  const resolved: [string, string][] = [];
  const ambiguous: [string, string[]][] = [];
  for (const name of distinct) {
    const longer = distinct.filter((other) => isShortFormOf(name, other));
    if (longer.length === 0) continue;
    // The longest names the short form fits: the ones no other candidate extends.
    const tops = longer.filter((candidate) => !longer.some((other) => isShortFormOf(candidate, other)));
    const [only] = tops;
    if (tops.length === 1 && only !== undefined) {
      target.set(name, only);
      resolved.push([name, only]);
    } else ambiguous.push([name, tops.sort()]);
  }
  const canonical = new Map<string, string>();
  for (const name of given) {
    const first = spelling.get(foldText(name)) ?? name;
    canonical.set(name, target.get(first) ?? first);
  }
  return { canonical, resolved, ambiguous };
}
