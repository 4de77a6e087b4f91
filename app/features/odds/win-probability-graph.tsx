// The win-probability graph (issue #24): the model's chance of a home win, a
// draw and an away win against the minute, as steps (the chances move at a
// goal or a red card and hold between), with each goal and red card marked
// where it fell. The lines are a hand-drawn SVG stretched to the width; the
// markers and axis labels are HTML placed by percentage so text stays crisp.
// The picture has a spoken summary, and the numbers are in a table beneath it.
import type { WinProbabilityPoint } from '../../../domain/odds-contracts.ts';
import { formatPercent } from './odds-format.ts';
import type { Teams } from './odds-markets.ts';

type Side = 'home' | 'draw' | 'away';
const SIDES: Side[] = ['home', 'draw', 'away'];
/** Colour and dash: the three lines differ in more than colour (WCAG 1.4.1). */
const LINE: Record<Side, { stroke: string; swatch: string; dash: string | undefined }> = {
  home: {
    stroke: 'stroke-blue-600 dark:stroke-blue-400',
    swatch: 'border-blue-600 dark:border-blue-400',
    dash: undefined,
  },
  draw: {
    stroke: 'stroke-slate-500 dark:stroke-slate-400',
    swatch: 'border-dashed border-slate-500 dark:border-slate-400',
    dash: '6 4',
  },
  away: {
    stroke: 'stroke-orange-600 dark:stroke-orange-400',
    swatch: 'border-dotted border-orange-600 dark:border-orange-400',
    dash: '2 3',
  },
};
/** Rows of the table beyond which only the kick-off, the marked moments and the latest are listed. */
const FULL_TABLE_ROWS = 40;

export interface WinProbabilityGraphProps {
  points: WinProbabilityPoint[];
  teams: Teams;
  /** The minute the graph runs to: the live minute, or the last minute played. */
  endMinute: number;
  finished: boolean;
}

const percent = (value: number, width: number) => `${((value / width) * 100).toFixed(3)}%`;
const minuteText = (minute: number) => `${minute}\u2032`;

/** The SVG path of one side's chance as steps from point to point, held to the end minute. */
export function stepPath(points: WinProbabilityPoint[], side: Side, endMinute: number): string {
  const first = points[0];
  if (!first) return '';
  const y = (p: number) => (100 - p * 100).toFixed(2);
  let path = `M${first.minute} ${y(first[side])}`;
  for (const point of points.slice(1)) path += ` H${point.minute} V${y(point[side])}`;
  const last = points.at(-1) ?? first;
  if (endMinute > last.minute) path += ` H${endMinute}`;
  return path;
}

function chances(point: WinProbabilityPoint, teams: Teams): string {
  return `${teams.home} ${formatPercent(point.home)}, draw ${formatPercent(point.draw)}, ${teams.away} ${formatPercent(point.away)}`;
}

/** The graph in words: where it started, where it is now, and what moved it. */
export function summariseWinProbability(
  points: WinProbabilityPoint[],
  teams: Teams,
  finished: boolean,
  endMinute: number,
): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No win probabilities yet.';
  const marks = points.filter((point) => point.mark);
  const goals = marks.filter((point) => point.mark?.kind === 'goal').length;
  const reds = marks.filter((point) => point.mark?.kind === 'red_card').length;
  const moved = [
    goals > 0 ? `${goals} ${goals === 1 ? 'goal' : 'goals'}` : null,
    reds > 0 ? `${reds} ${reds === 1 ? 'red card' : 'red cards'}` : null,
  ].filter(Boolean);
  const start = `At kick-off: ${chances(first, teams)}.`;
  const end = finished
    ? `At the final whistle: ${chances(last, teams)}.`
    : `At ${minuteText(endMinute)}: ${chances(last, teams)}.`;
  return `${start} ${end} ${moved.length > 0 ? `Marked: ${moved.join(' and ')}.` : 'No goal or red card so far.'}`;
}

function Ball() {
  return (
    <svg viewBox="0 0 16 16" className="size-4 drop-shadow-sm" aria-hidden="true">
      <circle cx="8" cy="8" r="7" className="fill-white stroke-slate-900 dark:fill-slate-100" strokeWidth="1.5" />
      <path d="M8 4.6 11.1 6.8 9.9 10.4H6.1L4.9 6.8Z" className="fill-slate-900" />
    </svg>
  );
}

function RedCard() {
  return (
    <span
      aria-hidden="true"
      className="block h-4 w-3 rounded-[2px] bg-red-600 shadow-sm ring-1 ring-white dark:ring-slate-900"
    />
  );
}

function tableRows(points: WinProbabilityPoint[]): WinProbabilityPoint[] {
  if (points.length <= FULL_TABLE_ROWS) return points;
  return points.filter((point, index) => index === 0 || index === points.length - 1 || point.mark !== null);
}

export function WinProbabilityGraph({ points, teams, endMinute, finished }: WinProbabilityGraphProps) {
  const lastMinute = points.at(-1)?.minute ?? 0;
  const end = Math.max(endMinute, lastMinute);
  // Regular time always has its place; extra time, and stoppage time beyond it, widen the graph.
  const width = Math.max(90, Math.ceil(end / 15) * 15);
  const summary = summariseWinProbability(points, teams, finished, end);
  const marks = points.filter((point) => point.mark !== null);
  const ticks = Array.from({ length: width / 15 + 1 }, (_, index) => index * 15);
  const names: Record<Side, string> = { home: `${teams.home} win`, draw: 'Draw', away: `${teams.away} win` };
  return (
    <figure className="m-0" data-testid="win-probability">
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Lines">
        {SIDES.map((side) => (
          <li key={side} className="inline-flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block w-6 border-t-[3px] ${LINE[side].swatch}`} />
            {names[side]}
          </li>
        ))}
      </ul>
      <div className="flex items-start gap-2">
        <div
          className="relative h-40 w-9 shrink-0 sm:h-48 text-right text-[0.7rem] tabular-nums text-slate-600 dark:text-slate-400"
          aria-hidden="true"
        >
          <span className="absolute right-0 top-0 -translate-y-1/2">100%</span>
          <span className="absolute right-0 top-1/2 -translate-y-1/2">50%</span>
          <span className="absolute bottom-0 right-0 translate-y-1/2">0%</span>
        </div>
        <div className="min-w-0 flex-1">
          <div
            className="relative h-40 rounded-lg bg-slate-50 sm:h-48 dark:bg-slate-950/60"
            role="img"
            aria-label={`Win probability graph. ${summary}`}
            data-testid="win-probability-plot"
          >
            <svg
              viewBox={`0 0 ${width} 100`}
              preserveAspectRatio="none"
              className="absolute inset-0 h-full w-full overflow-visible"
            >
              {[25, 50, 75].map((y) => (
                <line
                  key={y}
                  x1="0"
                  x2={width}
                  y1={y}
                  y2={y}
                  className="stroke-slate-200 dark:stroke-slate-800"
                  strokeWidth="1"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {width > 90 ? (
                <line
                  x1="90"
                  x2="90"
                  y1="0"
                  y2="100"
                  className="stroke-slate-300 dark:stroke-slate-700"
                  strokeWidth="1"
                  strokeDasharray="3 3"
                  vectorEffect="non-scaling-stroke"
                />
              ) : null}
              {marks.map((point, index) => (
                <line
                  key={`${point.minute}-${index}`}
                  x1={point.minute}
                  x2={point.minute}
                  y1="0"
                  y2="100"
                  className={
                    point.mark?.kind === 'red_card' ? 'stroke-red-500/70' : 'stroke-slate-400 dark:stroke-slate-500'
                  }
                  strokeWidth="1"
                  strokeDasharray="2 2"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {SIDES.map((side) => (
                <path
                  key={side}
                  d={stepPath(points, side, end)}
                  fill="none"
                  className={LINE[side].stroke}
                  strokeWidth="2.5"
                  strokeDasharray={LINE[side].dash}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                  data-side={side}
                />
              ))}
            </svg>
            {marks.map((point, index) => (
              <span
                key={`${point.minute}-${index}`}
                title={`${minuteText(point.minute)} ${point.mark?.label ?? ''}`}
                data-testid={point.mark?.kind === 'red_card' ? 'win-probability-red-card' : 'win-probability-goal'}
                className="absolute -top-2 -translate-x-1/2"
                style={{ left: percent(point.minute, width) }}
              >
                {point.mark?.kind === 'red_card' ? <RedCard /> : <Ball />}
              </span>
            ))}
          </div>
          <div
            className="relative mt-1 h-4 text-[0.7rem] tabular-nums text-slate-600 dark:text-slate-400"
            aria-hidden="true"
          >
            {ticks.map((tick) => (
              <span
                key={tick}
                // Every half hour on a phone, every quarter from 640 px: labels never run into each other.
                className={`absolute whitespace-nowrap ${tick === 0 ? '' : tick === width ? '-translate-x-full' : '-translate-x-1/2'} ${tick % 30 === 0 || tick === width ? '' : 'hidden sm:block'}`}
                style={{ left: percent(tick, width) }}
              >
                {minuteText(tick)}
              </span>
            ))}
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="win-probability-summary">
        {summary}
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-300">
          The numbers, minute by minute
        </summary>
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Win probability table">
          <table className="w-full text-left text-xs tabular-nums sm:text-sm" data-testid="win-probability-table">
            <thead>
              <tr className="text-slate-700 dark:text-slate-300">
                <th scope="col" className="py-1 pr-2">
                  Minute
                </th>
                <th scope="col" className="py-1 pr-2">
                  What happened
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  {teams.home}
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  Draw
                </th>
                <th scope="col" className="py-1 text-right">
                  {teams.away}
                </th>
              </tr>
            </thead>
            <tbody>
              {tableRows(points).map((point, index) => (
                <tr key={`${point.minute}-${index}`} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1 pr-2">{minuteText(point.minute)}</td>
                  <td className="py-1 pr-2">{point.mark ? point.mark.label : index === 0 ? 'Kick-off' : '–'}</td>
                  <td className="py-1 pr-2 text-right">{formatPercent(point.home)}</td>
                  <td className="py-1 pr-2 text-right">{formatPercent(point.draw)}</td>
                  <td className="py-1 text-right">{formatPercent(point.away)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
