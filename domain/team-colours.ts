// Team colours a fan can tell apart (issue #19): France and Croatia were both green on the pitch,
// Arsenal and England too, because both sides' colours came from a hash of the name and nothing
// compared them. Two rules live here: how far apart two colours look (CIEDE2000 in CIELAB, the
// CIE's own formula for perceived difference), and which colour the away side wears when its own
// is too close to the home side's.

export interface Lab {
  l: number;
  a: number;
  b: number;
}

/** "#rrggbb" → [r, g, b] in 0–255; null for anything else. */
function parseHex(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return null;
  return [parseInt(match[1] as string, 16), parseInt(match[2] as string, 16), parseInt(match[3] as string, 16)];
}

/** sRGB (D65) → CIELAB. */
function toLab(hex: string): Lab | null {
  const rgb = parseHex(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((value) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (deg: number) => (deg * Math.PI) / 180;

/**
 * CIEDE2000 colour difference (Sharma, Wu & Dalal 2005) between two #rrggbb colours: about 1 is
 * the smallest difference an eye sees side by side; 0 for equal colours; Infinity when either is
 * not a colour (so an unknown colour never counts as "too close").
 */
export function colourDistance(first: string, second: string): number {
  const one = toLab(first);
  const two = toLab(second);
  return one && two ? ciede2000(one, two) : Infinity;
}

/** CIEDE2000 between two CIELAB colours (exported for the formula's published test pairs). */
export function ciede2000(one: Lab, two: Lab): number {
  const c1 = Math.hypot(one.a, one.b);
  const c2 = Math.hypot(two.a, two.b);
  const meanC = (c1 + c2) / 2;
  const g = 0.5 * (1 - Math.sqrt(meanC ** 7 / (meanC ** 7 + 25 ** 7)));
  const a1 = (1 + g) * one.a;
  const a2 = (1 + g) * two.a;
  const cp1 = Math.hypot(a1, one.b);
  const cp2 = Math.hypot(a2, two.b);
  const hue = (b: number, a: number) => (b === 0 && a === 0 ? 0 : (degrees(Math.atan2(b, a)) + 360) % 360);
  const h1 = hue(one.b, a1);
  const h2 = hue(two.b, a2);
  const deltaL = two.l - one.l;
  const deltaC = cp2 - cp1;
  let deltaHue = 0;
  if (cp1 * cp2 !== 0) {
    deltaHue = h2 - h1;
    if (deltaHue > 180) deltaHue -= 360;
    else if (deltaHue < -180) deltaHue += 360;
  }
  const deltaH = 2 * Math.sqrt(cp1 * cp2) * Math.sin(radians(deltaHue / 2));
  const meanL = (one.l + two.l) / 2;
  const meanCp = (cp1 + cp2) / 2;
  let meanH = h1 + h2;
  if (cp1 * cp2 !== 0) {
    if (Math.abs(h1 - h2) <= 180) meanH = (h1 + h2) / 2;
    else meanH = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos(radians(meanH - 30)) +
    0.24 * Math.cos(radians(2 * meanH)) +
    0.32 * Math.cos(radians(3 * meanH + 6)) -
    0.2 * Math.cos(radians(4 * meanH - 63));
  const deltaTheta = 30 * Math.exp(-(((meanH - 275) / 25) ** 2));
  const rc = 2 * Math.sqrt(meanCp ** 7 / (meanCp ** 7 + 25 ** 7));
  const sl = 1 + (0.015 * (meanL - 50) ** 2) / Math.sqrt(20 + (meanL - 50) ** 2);
  const sc = 1 + 0.045 * meanCp;
  const sh = 1 + 0.015 * meanCp * t;
  const rt = -Math.sin(radians(2 * deltaTheta)) * rc;
  return Math.sqrt((deltaL / sl) ** 2 + (deltaC / sc) ** 2 + (deltaH / sh) ** 2 + rt * (deltaC / sc) * (deltaH / sh));
}

/**
 * Below this CIEDE2000 distance two sides' colours are "too close to tell apart" on a small
 * marker. Two greens of the old generated palette were 5–15 apart; red and white, blue and red are 40+.
 */
export const DISTINCT_COLOURS = 20;

export interface TeamColours {
  primary: string;
  secondary: string;
}

/** Change colours for an away side whose own two are both too close to the home side's: white, near-black, yellow, sky. */
const CHANGE_COLOURS = ['#ffffff', '#111827', '#facc15', '#38bdf8'] as const;

/**
 * The colours each side of one match is drawn in. The home side keeps its own; the away side keeps
 * its primary when it is at least DISTINCT_COLOURS from the home primary, else wears its secondary
 * when that is, else the change colour farthest from the home primary. The away secondary (keeper,
 * ring) is then whichever of its colours is not the one worn.
 */
export function matchColours(home: TeamColours, away: TeamColours): { home: TeamColours; away: TeamColours } {
  if (colourDistance(home.primary, away.primary) >= DISTINCT_COLOURS) return { home, away };
  if (colourDistance(home.primary, away.secondary) >= DISTINCT_COLOURS) {
    return { home, away: { primary: away.secondary, secondary: away.primary } };
  }
  let best: string = CHANGE_COLOURS[0];
  for (const candidate of CHANGE_COLOURS) {
    if (colourDistance(home.primary, candidate) > colourDistance(home.primary, best)) best = candidate;
  }
  return { home, away: { primary: best, secondary: away.primary } };
}
