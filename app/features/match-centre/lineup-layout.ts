// Where each starter stands on the line-up pitch (issue #5). Pure: a team's
// starters with their listed positions (GK, DF, MF, FW from Wyscout; CB, LB,
// DM, RW… from Fjelstul where known) and, when the data has actions, their
// average position on the ball. Players are set out in lines from the goal
// (goalkeeper, defence, defensive midfield, midfield, attacking midfield,
// attack), each line ordered from the team's left to its right: by the side
// the position names (LB, RW…), else by where the player was on the ball.
//
// Coordinates are fractions of the team's own half: `depth` 0 at its goal
// line, 1 at halfway; `lateral` 0 at its left touchline, 1 at its right.

export interface LayoutPlayer {
  id: number;
  position: string | null;
  /** 0–100 from the team's view: x towards the opponent's goal, y towards the team's right touchline. */
  averagePosition?: { x: number; y: number } | null;
}

export interface PlacedPlayer {
  id: number;
  depth: number;
  lateral: number;
}

export interface TeamLayout {
  /** "4-3-3": the given formation, or the one the lines make. */
  formation: string;
  players: PlacedPlayer[];
}

const LINES = ['GK', 'DEF', 'DM', 'MID', 'AM', 'FWD'] as const;
type Line = (typeof LINES)[number];

/** Each known position: its line and the side it names (0 left, 0.5 centre, 1 right; null: none). */
const POSITIONS: Record<string, { line: Line; side: number | null }> = {
  GK: { line: 'GK', side: 0.5 },
  DF: { line: 'DEF', side: null },
  SW: { line: 'DEF', side: 0.5 },
  CB: { line: 'DEF', side: 0.5 },
  LB: { line: 'DEF', side: 0 },
  RB: { line: 'DEF', side: 1 },
  LWB: { line: 'DEF', side: 0 },
  RWB: { line: 'DEF', side: 1 },
  DM: { line: 'DM', side: 0.5 },
  MF: { line: 'MID', side: null },
  CM: { line: 'MID', side: 0.5 },
  LM: { line: 'MID', side: 0 },
  RM: { line: 'MID', side: 1 },
  AM: { line: 'AM', side: 0.5 },
  FW: { line: 'FWD', side: null },
  CF: { line: 'FWD', side: 0.5 },
  SS: { line: 'FWD', side: 0.5 },
  LW: { line: 'FWD', side: 0 },
  RW: { line: 'FWD', side: 1 },
  LF: { line: 'FWD', side: 0 },
  RF: { line: 'FWD', side: 1 },
};

/** Depth of the goalkeeper and the span the outfield lines share, as fractions of the half. */
const KEEPER_DEPTH = 0.08;
const FIRST_LINE_DEPTH = 0.3;
const LAST_LINE_DEPTH = 0.86;

/** Evenly spread across the pitch, wider apart when the line is short. */
export function spreadAcross(count: number): number[] {
  if (count <= 1) return [0.5];
  const spacing = Math.min(0.26, 0.84 / (count - 1));
  return Array.from({ length: count }, (_, index) => 0.5 + (index - (count - 1) / 2) * spacing);
}

/** "4-2-3-1" → [4, 2, 3, 1]; null when it is not a formation. */
export function parseFormation(formation: string | null): number[] | null {
  if (!formation || !/^\d(?:-\d){1,4}$/.test(formation.trim())) return null;
  const parts = formation.trim().split('-').map(Number);
  return parts.every((part) => part > 0) ? parts : null;
}

/**
 * The layout of a team's starters; null when they cannot be placed (too few
 * or too many, a position missing or unknown, not exactly one goalkeeper):
 * the page then shows the line-up as a list.
 */
export function layoutTeam(starters: readonly LayoutPlayer[], formation: string | null = null): TeamLayout | null {
  if (starters.length < 7 || starters.length > 11) return null;
  const known = starters.map((player) => ({
    player,
    info: player.position ? POSITIONS[player.position.toUpperCase()] : undefined,
  }));
  if (known.some((entry) => entry.info === undefined)) return null;
  const keepers = known.filter((entry) => entry.info?.line === 'GK');
  if (keepers.length !== 1) return null;
  const outfield = known.filter((entry) => entry.info?.line !== 'GK');
  promoteForwardMidfielders(outfield);

  // Deeper lines first; within a line, the deeper player on the ball first.
  const rank = (entry: (typeof known)[number]) => LINES.indexOf(entry.info?.line ?? 'MID');
  const depthOnBall = (entry: (typeof known)[number]) => entry.player.averagePosition?.x ?? 50;
  outfield.sort((a, b) => rank(a) - rank(b) || depthOnBall(a) - depthOnBall(b));

  let lines: Array<typeof outfield>;
  const given = parseFormation(formation);
  if (given && given.reduce((sum, count) => sum + count, 0) === outfield.length) {
    let start = 0;
    lines = given.map((count) => {
      const line = outfield.slice(start, start + count);
      start += count;
      return line;
    });
  } else {
    lines = LINES.slice(1)
      .map((name) => outfield.filter((entry) => entry.info?.line === name))
      .filter((line) => line.length > 0);
  }

  const placed: PlacedPlayer[] = [{ id: keepers[0]?.player.id ?? 0, depth: KEEPER_DEPTH, lateral: 0.5 }];
  lines.forEach((line, index) => {
    const depth =
      lines.length === 1
        ? (FIRST_LINE_DEPTH + LAST_LINE_DEPTH) / 2
        : FIRST_LINE_DEPTH + (index * (LAST_LINE_DEPTH - FIRST_LINE_DEPTH)) / (lines.length - 1);
    // The side the position names decides; where it names none, where the player was on the ball; else the listed order.
    const sideOf = (entry: (typeof line)[number]) => {
      const side = entry.info?.side ?? null;
      const onBall = entry.player.averagePosition ? entry.player.averagePosition.y / 100 : null;
      return { side: side ?? onBall ?? 0.5, onBall: onBall ?? 0.5 };
    };
    const ordered = line
      .map((entry, order) => ({ entry, order, ...sideOf(entry) }))
      .sort((a, b) => a.side - b.side || a.onBall - b.onBall || a.order - b.order);
    const laterals = spreadAcross(ordered.length);
    ordered.forEach(({ entry }, slot) => placed.push({ id: entry.player.id, depth, lateral: laterals[slot] ?? 0.5 }));
  });

  return {
    formation: given && lines.length === given.length ? given.join('-') : lines.map((line) => line.length).join('-'),
    players: placed,
  };
}

/**
 * Role-only data (Wyscout) calls wide forwards midfielders: a midfielder who
 * was on the ball further up than a listed forward plays up front, as long as
 * the attack stays at most three and the midfield at least two.
 */
function promoteForwardMidfielders(
  outfield: Array<{ player: LayoutPlayer; info: { line: Line; side: number | null } | undefined }>,
) {
  const depthOf = (entry: (typeof outfield)[number]) => entry.player.averagePosition?.x ?? null;
  const forwards = outfield.filter((entry) => entry.info?.line === 'FWD');
  const deepestForward = Math.min(...forwards.map((entry) => depthOf(entry) ?? Number.POSITIVE_INFINITY));
  if (!Number.isFinite(deepestForward)) return;
  const candidates = outfield
    .filter((entry) => entry.player.position?.toUpperCase() === 'MF' && (depthOf(entry) ?? -1) >= deepestForward)
    .sort((a, b) => (depthOf(b) ?? 0) - (depthOf(a) ?? 0));
  let attack = forwards.length;
  let midfield = outfield.filter((entry) => entry.info?.line === 'MID').length;
  for (const entry of candidates) {
    if (attack >= 3 || midfield <= 2) break;
    entry.info = { line: 'FWD', side: null };
    attack += 1;
    midfield -= 1;
  }
}

export type PitchOrientation = 'vertical' | 'horizontal';

/**
 * Where a placed player goes on the drawn pitch, in per cent of its width
 * (`left`) and height (`top`). Vertical: the home team in the top half
 * attacking down, the away team in the bottom half attacking up. Horizontal:
 * home on the left attacking right, away on the right attacking left.
 */
export function pitchPoint(
  placed: PlacedPlayer,
  side: 'home' | 'away',
  orientation: PitchOrientation,
): { left: number; top: number } {
  const along = placed.depth * 50;
  const round = (value: number) => Math.round(value * 10) / 10;
  if (orientation === 'vertical') {
    // Facing down the page, a team's left is the page's right.
    return side === 'home'
      ? { left: round((1 - placed.lateral) * 100), top: round(along) }
      : { left: round(placed.lateral * 100), top: round(100 - along) };
  }
  // Facing right, a team's left is the top of the page.
  return side === 'home'
    ? { left: round(along), top: round(placed.lateral * 100) }
    : { left: round(100 - along), top: round((1 - placed.lateral) * 100) };
}
