// Profanity masking for chat messages (issue #23): `obscenity`'s English
// dataset with its recommended transformers (leetspeak, repeated letters,
// confusable characters), and an allow-list for the football words it gets
// wrong — players, places and clubs whose names contain a listed word
// ("Shittu", "Penistone", "Cummings"). Masking only changes what this browser
// shows; the message as stored is untouched. This module is loaded with the
// chat box's code, never with the match page's first-load JavaScript.
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';

/**
 * Whole words (or phrases) never masked, compared case-insensitively. obscenity already leaves alone
 * "Scunthorpe", "Arsenal", "assessment", "Kung-Fu", "cockerel", "Hancock", "Sheffield" and the like;
 * these are the football names it would otherwise mask (checked in profanity.test.ts).
 */
export const CHAT_ALLOWED_WORDS: readonly string[] = [
  'Shittu', // Danny Shittu, Nigeria and QPR centre-back
  'Penistone', // Penistone Church FC, South Yorkshire
  'Cummings', // Warren Cummings, Jason Cummings and others
  'Cumbria',
  'Cumbernauld', // Cumbernauld United
  'Dick Advocaat', // the Dutch manager
  'Dick Kerr', // Dick, Kerr Ladies, the women's team of the 1920s
  'Twatt', // a village on Orkney with a football pitch, and a surname
  'Fanny Walden', // Tottenham winger of the 1910s
  'Titmus',
  'Scunthorpe',
  'Arsenal',
];

let matcher: RegExpMatcher | null = null;

function getMatcher(): RegExpMatcher {
  matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  return matcher;
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// One pattern for the whole list: a name counts only as a whole word ("Shittu", never "Shittus…" glued to more).
const allowedPattern = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${CHAT_ALLOWED_WORDS.map(escapeForPattern).join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

/** [start, end) ranges of the text covered by an allow-listed word. */
function allowedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const found of text.matchAll(allowedPattern)) ranges.push([found.index, found.index + found[0].length]);
  return ranges;
}

/**
 * The text with each profane word masked: its first character kept, the rest as "*" (so "shit" → "s***").
 * Surrogate pairs (emoji) are never split.
 */
export function maskProfanity(text: string): string {
  if (text === '') return text;
  const matches = getMatcher().getAllMatches(text, true);
  if (matches.length === 0) return text;
  const allowed = allowedRanges(text);
  const masked = new Array<boolean>(text.length).fill(false);
  for (const match of matches) {
    const end = match.endIndex + 1;
    if (allowed.some(([from, to]) => match.startIndex >= from && end <= to)) continue;
    for (let index = match.startIndex + 1; index < end; index += 1) masked[index] = true;
  }
  let result = '';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const pair = code >= 0xd800 && code <= 0xdbff && index + 1 < text.length;
    if (masked[index]) {
      result += '*';
      if (pair) index += 1;
    } else {
      result += pair ? text.slice(index, index + 2) : text[index];
      if (pair) index += 1;
    }
  }
  return result;
}
