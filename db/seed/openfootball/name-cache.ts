// foldText and teamKey run on the same ~1,000 team names some 100,000 times
// during an import; the results are cached for the life of the process.
import { foldText, teamKey } from '../../../domain/names.ts';

const folded = new Map<string, string>();
const keyed = new Map<string, string>();

export function foldName(name: string): string {
  let value = folded.get(name);
  if (value === undefined) {
    value = foldText(name);
    folded.set(name, value);
  }
  return value;
}

export function keyOfName(name: string): string {
  let value = keyed.get(name);
  if (value === undefined) {
    value = teamKey(name);
    keyed.set(name, value);
  }
  return value;
}
