// The momentum graph (issue #5): one bar per minute of play, above the centre
// line while the home team pressed and below it while the away team did,
// smoothed over five minutes (domain/momentum.ts). Goals are marked where they
// fell, breaks are drawn as dividers, and a live match's graph leaves room for
// the minutes to come. The bars are a hand-written SVG stretched to the width;
// labels and markers are HTML placed by percentage, so text stays crisp at any
// size. The caption says in words who was on top and when.
import type { MatchEvent, MatchSummary } from '../../../domain/football-contracts.ts';
import { PERIOD_LENGTH_MINUTES, PERIOD_START_MINUTE, PLAYING_PHASES, type PlayingPhase } from '../../../domain/match-clock.ts';
import { minuteIndexOf, minuteLabel, momentumSeries, summariseMomentum, type Momentum } from '../../../domain/momentum-series.ts';

/** Slots between two periods, where the break's divider sits. */
const GAP = 2;
const GOAL_TYPES = new Set(['goal', 'penalty_goal', 'own_goal']);
const HOME_BAR = 'fill-blue-600 dark:fill-blue-400';
const AWAY_BAR = 'fill-orange-600 dark:fill-orange-400';
/** The label of the break after each period (shown on the axis at its divider) and of a finished match's end. */
const BREAK_LABEL: Record<PlayingPhase, string> = { '1H': 'HT', '2H': 'ET', E1: 'ET HT', E2: 'AET' };
const END_LABEL: Record<PlayingPhase, string> = { '1H': 'HT', '2H': 'FT', E1: 'AET', E2: 'AET' };

interface Layout {
  periods: Array<{ period: PlayingPhase; offset: number; played: number; shown: number }>;
  width: number;
}

/** Where each period's minutes sit; a live match keeps room for the rest of its regular time. */
function layoutOf(momentum: Momentum): Layout {
  const rows = momentum.periods.map((row) => ({ period: row.period, played: row.home.length }));
  const last = rows.at(-1);
  if (!momentum.complete && last?.period === '1H') rows.push({ period: '2H', played: 0 });
  let offset = 0;
  const periods = rows.map((row, index) => {
    const open = !momentum.complete && index >= momentum.periods.length - 1;
    const shown = open ? Math.max(row.played, PERIOD_LENGTH_MINUTES[row.period]) : Math.max(row.played, 1);
    const placed = { period: row.period, offset, played: row.played, shown };
    offset += shown + GAP;
    return placed;
  });
  return { periods, width: Math.max(1, offset - GAP) };
}

/**
 * The axis under the graph: every quarter of an hour, the breaks at their
 * dividers, and the end (FT, AET, or the last regular minute while live).
 * Labels sit below the bars so they never meet a goal marker.
 */
function axisLabels(layout: Layout, complete: boolean): Array<{ key: string; x: number; text: string; strong: boolean }> {
  return layout.periods.flatMap((row, index) => {
    const regular = PERIOD_LENGTH_MINUTES[row.period];
    const labels = Array.from({ length: regular / 15 - 1 }, (_, quarter) => ({
      key: `${row.period}-${quarter}`,
      x: row.offset + (quarter + 1) * 15,
      text: `${PERIOD_START_MINUTE[row.period] + (quarter + 1) * 15}\u2032`,
      strong: false,
    }));
    const next = layout.periods[index + 1];
    if (next) labels.push({ key: `${row.period}-break`, x: next.offset - GAP / 2, text: BREAK_LABEL[row.period], strong: true });
    else
      labels.push({
        key: `${row.period}-end`,
        x: row.offset + row.shown,
        text: complete ? END_LABEL[row.period] : `${PERIOD_START_MINUTE[row.period] + regular}\u2032`,
        strong: complete,
      });
    return labels;
  });
}

const percent = (value: number, width: number) => `${((value / width) * 100).toFixed(3)}%`;

function Ball() {
  return (
    <svg viewBox="0 0 16 16" className="size-4 drop-shadow-sm" aria-hidden="true">
      <circle cx="8" cy="8" r="7" className="fill-white stroke-slate-900 dark:fill-slate-100" strokeWidth="1.5" />
      <path d="M8 4.6 11.1 6.8 9.9 10.4H6.1L4.9 6.8Z" className="fill-slate-900" />
    </svg>
  );
}

function scorerOf(event: MatchEvent): string {
  const name = event.player ? (event.player.shortName ?? event.player.name) : '';
  if (!name) return '';
  return event.type === 'own_goal' ? ` (${name}, own goal)` : event.type === 'penalty_goal' ? ` (${name}, penalty)` : ` (${name})`;
}

export function MomentumGraph({ momentum, match, events }: { momentum: Momentum; match: MatchSummary; events: MatchEvent[] }) {
  const layout = layoutOf(momentum);
  const series = momentumSeries(momentum);
  const summary = summariseMomentum(momentum, { home: match.home.name, away: match.away.name });
  const place = (period: string) => layout.periods.find((row) => row.period === period);

  const goals = events.flatMap((event) => {
    if (!GOAL_TYPES.has(event.type) || !(PLAYING_PHASES as readonly string[]).includes(event.period)) return [];
    const period = event.period as PlayingPhase;
    const at = place(period);
    if (!at) return [];
    const side = event.teamId === match.home.id ? 'home' : event.teamId === match.away.id ? 'away' : null;
    if (!side) return [];
    const index = Math.min(minuteIndexOf(period, event.minute, event.addedMinute), Math.max(at.shown - 1, 0));
    const clock = event.addedMinute ? `${event.minute}+${event.addedMinute}'` : `${event.minute}'`;
    const team = side === 'home' ? match.home.name : match.away.name;
    return [{ key: event.seq, side, x: at.offset + index + 0.5, label: `${clock} ${team}${scorerOf(event)}` }];
  });

  const lastPeriod = layout.periods.find((row) => row.period === momentum.periods.at(-1)?.period);
  const liveEdge = !momentum.complete && lastPeriod ? lastPeriod.offset + lastPeriod.played : null;

  return (
    <figure className="m-0" data-testid="momentum">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-blue-600 dark:bg-blue-400" />
          <span>
            <span className="font-semibold">{match.home.name}</span> pressing (above the line)
          </span>
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-orange-600 dark:bg-orange-400" />
          <span>
            <span className="font-semibold">{match.away.name}</span> pressing (below)
          </span>
        </span>
      </div>

      <div className="relative h-36 rounded-lg bg-slate-50 sm:h-44 dark:bg-slate-950/60" aria-hidden="true">
        <svg viewBox={`0 0 ${layout.width} 100`} preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible">
          {layout.periods.slice(1).map((row) => (
            <line
              key={row.period}
              x1={row.offset - GAP / 2}
              x2={row.offset - GAP / 2}
              y1="2"
              y2="98"
              className="stroke-slate-400 dark:stroke-slate-500"
              strokeWidth="1"
              strokeDasharray="3 3"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <line x1="0" x2={layout.width} y1="50" y2="50" className="stroke-slate-400 dark:stroke-slate-500" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          {series.map((points, periodIndex) => {
            const at = layout.periods[periodIndex];
            if (!at) return null;
            return points.map((point) => {
              const height = Math.abs(point.value) * 46;
              if (height < 0.5) return null;
              const home = point.value > 0;
              return (
                <rect
                  key={`${point.period}-${point.index}`}
                  x={at.offset + point.index + 0.12}
                  width="0.76"
                  y={home ? 50 - height : 50}
                  height={height}
                  className={home ? HOME_BAR : AWAY_BAR}
                >
                  <title>{`${minuteLabel(point)} ${home ? match.home.name : match.away.name}`}</title>
                </rect>
              );
            });
          })}
          {liveEdge !== null ? (
            <line x1={liveEdge} x2={liveEdge} y1="0" y2="100" className="stroke-red-600 dark:stroke-red-400" strokeWidth="2" vectorEffect="non-scaling-stroke" />
          ) : null}
        </svg>
        {goals.map((goal) => (
          <span
            key={goal.key}
            title={`Goal: ${goal.label}`}
            data-testid="momentum-goal"
            className={`absolute -translate-x-1/2 ${goal.side === 'home' ? 'top-1' : 'bottom-1'}`}
            style={{ left: percent(goal.x, layout.width) }}
          >
            <Ball />
          </span>
        ))}
      </div>

      <div className="relative mt-1 h-4 text-[0.7rem] tabular-nums text-slate-600 dark:text-slate-400" aria-hidden="true">
        {axisLabels(layout, momentum.complete).map((label) => (
          <span
            key={label.key}
            className={`absolute whitespace-nowrap ${label.x >= layout.width - 1 ? '-translate-x-full' : '-translate-x-1/2'} ${label.strong ? 'font-semibold text-slate-700 dark:text-slate-300' : ''}`}
            style={{ left: percent(Math.min(label.x, layout.width), layout.width) }}
          >
            {label.text}
          </span>
        ))}
      </div>

      <figcaption className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="momentum-summary">
        <span className="sr-only">Momentum graph: </span>
        {summary}
        {goals.length > 0 ? (
          <span className="sr-only">
            {' '}
            Goals: {goals.map((goal) => goal.label).join('; ')}.
          </span>
        ) : null}
        {momentum.source === 'events' ? (
          <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
            Drawn from goals and missed penalties only: this match has no on-ball event data.
          </span>
        ) : null}
      </figcaption>
      <details className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-300">How momentum is measured</summary>
        <p className="mt-1">
          {momentum.source === 'actions'
            ? 'Each minute, a team earns attacking points: 3 for a shot (4 on target), 1.5 for a corner, 1 for a ball played into the box, 0.5 for an accurate pass into the final third or a touch in the box, and 1 more for a key pass. Data: Wyscout match events.'
            : 'Each minute, a team earns 4 points for a goal and 3 for a missed penalty: this match has no on-ball data, so only those count.'}{' '}
          The bars show the difference between the two teams, averaged over five minutes, on a scale that flattens out near the edge.
        </p>
      </details>
    </figure>
  );
}
