// Generated team badges (no copyrighted crests): two colours and a code,
// derived deterministically from the team's name when the data has nothing better. Codes unique
// within a competition season are worked out at seed time (badge-codes.ts) and stored in team.code.

function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    const colour = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(colour * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** A dark primary colour (white initials stay readable) and a lighter accent. */
export function badgeColours(name: string): { primary: string; secondary: string } {
  const value = hash(name);
  const hue = value % 360;
  return { primary: hsl(hue, 65, 30), secondary: hsl((hue + 40 + ((value >> 9) % 120)) % 360, 70, 60) };
}

/** The three-letter statuses a match row can show (badge-codes.ts STATUS_ABBREVIATIONS has them all). */
const THREE_LETTER_STATUS = /^(?:AET|PEN|PSO|TB[CD]|AWD|PST|CAN|ABD)$/;

/**
 * The badge code of a team the server gave none (a search hit; the server fills it everywhere else):
 * the first three letters of its name without club affixes ("1. FC Köln" → KOL), letters only, never
 * a match status (then the first letter and the last two).
 */
export function badgeInitials(name: string): string {
  // Not domain/names.ts's foldText: that would pull names.ts into every page's first load.
  const letters = name
    .replace(/\b(?:FC|AFC|CF|SC|AC|AS|CD|FK|SK)\b/g, '')
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  const code = letters.slice(0, 3);
  if (code.length === 3 && !THREE_LETTER_STATUS.test(code)) return code;
  return letters.length >= 3 ? letters.charAt(0) + letters.slice(-2) : 'XXX';
}
