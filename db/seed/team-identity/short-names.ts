// The short name a club goes by in lists (issue #19): "Man City", "Wolves", never "Manc…". It comes
// from the openfootball clubs directory, whose entries list other names in the order fans use them
// ("Manchester City FC | Man City | Manchester City | Man. City"); domain/team-facts.ts has the rest.
import { shortClubName } from '../openfootball/teams.ts';
import { foldText } from '../../../domain/names.ts';

/**
 * The first of a club's other names (in the directory's order) that is shorter than its name without
 * affixes and is a name, not an abbreviation ("Man. City", "Leverk.") or a bare number; else the name
 * without affixes ("Arsenal FC" → "Arsenal"). `otherNames` holds only names no other club of the country
 * answers to, so "Paris" (PSG and Paris FC) is never one.
 */
export function directoryShortName(name: string, otherNames: readonly string[]): string {
  const plain = shortClubName(name);
  for (const other of otherNames) {
    const text = other.trim();
    if (text.includes('.') || text.length < 3 || !/\p{L}/u.test(text)) continue;
    if (foldText(text) === foldText(name) || text.length >= plain.length) continue;
    return text;
  }
  return plain;
}
