// Folding names so the same team or competition is found however a source or
// a visitor spells it: case, accents, punctuation and common club affixes.

/** Lower case, no accents, letters and digits separated by single spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/đ/g, 'd')
    .replace(/ł/g, 'l')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Alphabetical order of names with case, accents and punctuation set aside (by foldText); the exact text
 * breaks ties, so the order is total and the same on server and browser. Not Intl.Collator or
 * localeCompare: the first collator a browser page builds costs 50–100 ms of start-up (docs/performance.md).
 */
export function compareNames(a: string, b: string): number {
  const foldedA = nameKey(a);
  const foldedB = nameKey(b);
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Folded names, kept: a sort compares each name many times, and folding is ~100 times the cost of a
 * comparison (500 scorers: 15 ms folding in every comparison, ~1 ms with this). The same names come back
 * request after request; the set is emptied when full, so it stays small.
 */
const nameKeys = new Map<string, string>();
const NAME_KEYS_MAX = 10_000;

function nameKey(name: string): string {
  let key = nameKeys.get(name);
  if (key === undefined) {
    if (nameKeys.size >= NAME_KEYS_MAX) nameKeys.clear();
    // Lower case first, so capitals foldText maps only in lower case (Ø, Ł, Æ) sort with their letter.
    key = foldText(name.toLowerCase());
    nameKeys.set(name, key);
  }
  return key;
}

const CLUB_AFFIXES = new Set([
  'fc',
  'afc',
  'cf',
  'sc',
  'ac',
  'cd',
  'sv',
  'fk',
  'sk',
  'bk',
  'if',
  'ssc',
  'as',
  'ss',
  'us',
  'rc',
  'ca',
  'ud',
  'sd',
  'club',
  'calcio',
  'football',
  'futbol',
  'the',
]);

/**
 * The key a team name is matched by: folded, with a trailing country tag such
 * as "(FRA)" dropped and common club affixes ("FC", "AFC", "CF" …) removed.
 * "Paris Saint-Germain FC (FRA)" and "Paris Saint Germain" give the same key.
 */
export function teamKey(name: string): string {
  const withoutCountry = name.replace(/\s*\([A-Z]{2,3}\)\s*$/, '');
  const words = foldText(withoutCountry)
    .split(' ')
    .filter((word) => word.length > 0);
  const kept = words.filter((word) => !CLUB_AFFIXES.has(word));
  return (kept.length > 0 ? kept : words).join(' ');
}
