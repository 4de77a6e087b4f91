// Generated team badges (no copyrighted crests): two colours and initials,
// derived deterministically from the team's name.

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

/** Up to three letters: "Manchester City" → "MC", "Arsenal" → "ARS". */
export function badgeInitials(name: string): string {
  const words = name
    .replace(/\b(FC|AFC|CF|SC|AC)\b/g, '')
    .split(/\s+/)
    .filter((word) => /^[\p{L}\d]/u.test(word));
  if (words.length === 0) return '?';
  if (words.length === 1) return (words[0] as string).slice(0, 3).toUpperCase();
  return words
    .slice(0, 3)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();
}
