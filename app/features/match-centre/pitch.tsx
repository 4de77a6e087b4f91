// A drawn football pitch (issue #5): hand-written SVG, no chart library. The
// markings use the Laws of the Game's dimensions on a 105 × 68 m pitch, in
// metres, so whatever is drawn on it can use the same units.
import type { ReactNode } from 'react';

export const PITCH_LENGTH = 105;
export const PITCH_WIDTH = 68;

/** Pitch colours: light and dark mode alike, chosen so white and amber marks keep at least 3:1 against the grass. */
export const GRASS = '#2f6d3a';
const GRASS_STRIPE = '#2b6535';
const LINE = 'rgba(255,255,255,0.72)';

/** The markings of a pitch lying horizontally (its length along x), in metres. */
function Markings() {
  const boxTop = (PITCH_WIDTH - 40.32) / 2;
  const sixTop = (PITCH_WIDTH - 18.32) / 2;
  const goalTop = (PITCH_WIDTH - 7.32) / 2;
  const arc = Math.sqrt(9.15 ** 2 - 5.5 ** 2);
  const mid = PITCH_WIDTH / 2;
  return (
    <g fill="none" stroke={LINE} strokeWidth={0.35}>
      <rect x={0} y={0} width={PITCH_LENGTH} height={PITCH_WIDTH} />
      <line x1={PITCH_LENGTH / 2} y1={0} x2={PITCH_LENGTH / 2} y2={PITCH_WIDTH} />
      <circle cx={PITCH_LENGTH / 2} cy={mid} r={9.15} />
      <circle cx={PITCH_LENGTH / 2} cy={mid} r={0.4} fill={LINE} stroke="none" />
      {/* Left end */}
      <rect x={0} y={boxTop} width={16.5} height={40.32} />
      <rect x={0} y={sixTop} width={5.5} height={18.32} />
      <rect x={-1.6} y={goalTop} width={1.6} height={7.32} />
      <circle cx={11} cy={mid} r={0.4} fill={LINE} stroke="none" />
      <path d={`M16.5 ${mid - arc} A9.15 9.15 0 0 1 16.5 ${mid + arc}`} />
      {/* Right end */}
      <rect x={PITCH_LENGTH - 16.5} y={boxTop} width={16.5} height={40.32} />
      <rect x={PITCH_LENGTH - 5.5} y={sixTop} width={5.5} height={18.32} />
      <rect x={PITCH_LENGTH} y={goalTop} width={1.6} height={7.32} />
      <circle cx={PITCH_LENGTH - 11} cy={mid} r={0.4} fill={LINE} stroke="none" />
      <path d={`M${PITCH_LENGTH - 16.5} ${mid - arc} A9.15 9.15 0 0 0 ${PITCH_LENGTH - 16.5} ${mid + arc}`} />
      {/* Corner arcs */}
      <path
        d={`M1 0 A1 1 0 0 1 0 1 M${PITCH_LENGTH - 1} 0 A1 1 0 0 0 ${PITCH_LENGTH} 1 M0 ${PITCH_WIDTH - 1} A1 1 0 0 1 1 ${PITCH_WIDTH} M${PITCH_LENGTH} ${PITCH_WIDTH - 1} A1 1 0 0 0 ${PITCH_LENGTH - 1} ${PITCH_WIDTH}`}
      />
    </g>
  );
}

function Grass() {
  const bands = 12;
  const width = PITCH_LENGTH / bands;
  return (
    <g>
      <rect x={-3} y={-3} width={PITCH_LENGTH + 6} height={PITCH_WIDTH + 6} fill={GRASS} />
      {Array.from({ length: bands / 2 }, (_, index) => (
        <rect key={index} x={index * 2 * width} y={0} width={width} height={PITCH_WIDTH} fill={GRASS_STRIPE} />
      ))}
    </g>
  );
}

/**
 * A pitch as an SVG. `horizontal`: length across (children draw in metres,
 * x 0–105 left to right, y 0–68 top to bottom). `vertical`: length down the
 * page, the horizontal drawing turned a quarter so its left end is at the top.
 */
export function Pitch({
  orientation = 'horizontal',
  className,
  label,
  viewBox: shown,
  children,
}: {
  orientation?: 'horizontal' | 'vertical';
  /** Part of the horizontal pitch to show, in metres ('x y width height'): the whole pitch when omitted. */
  viewBox?: string;
  className?: string;
  /** The picture's short description; omitted, the drawing is decoration (the page says it in words elsewhere). */
  label?: string;
  children?: ReactNode;
}) {
  const vertical = orientation === 'vertical';
  const margin = 3;
  const viewBox =
    shown ??
    (vertical
      ? `${-margin} ${-margin} ${PITCH_WIDTH + 2 * margin} ${PITCH_LENGTH + 2 * margin}`
      : `${-margin} ${-margin} ${PITCH_LENGTH + 2 * margin} ${PITCH_WIDTH + 2 * margin}`);
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg viewBox={viewBox} className={className} {...a11y} focusable="false">
      {/* Turned a quarter: the horizontal drawing's x runs down the page, its y from right to left. */}
      <g transform={vertical ? `translate(${PITCH_WIDTH} 0) rotate(90)` : undefined}>
        <Grass />
        <Markings />
        {children}
      </g>
    </svg>
  );
}

/** Black or white: whichever reads better on `hex` (WCAG relative luminance). */
export function readableOn(hex: string): '#ffffff' | '#111827' {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match) return '#ffffff';
  const value = Number.parseInt(match[1] ?? '000000', 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  const withWhite = 1.05 / (luminance + 0.05);
  const withBlack = (luminance + 0.05) / (0.0137 + 0.05);
  return withWhite >= withBlack ? '#ffffff' : '#111827';
}
