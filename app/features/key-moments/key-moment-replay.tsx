// The key-moment replay (issue #22): each goal and big chance of a match drawn
// on a 2D pitch from the real event coordinates — the passes, carries and the
// shot that led to it, with the players' names — stepping through the match's
// moments in order. Hand-written SVG (the match centre's Pitch), no video.
//
// Keyboard: the Previous / Play / Next buttons, and ← / → anywhere in the
// replay. Play draws the current moment's chain one action at a time, holds
// it, then moves on to the next moment. With `prefers-reduced-motion` nothing
// moves: each moment is drawn whole at once, and Play only turns the page.
// The server renders the selected moment drawn whole (it reads without
// JavaScript too: the moments are links, ?moment=<seq>).
import { useCallback, useEffect, useId, useMemo, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import type { KeyMoment, KeyMoments, KeyMomentStep } from '../../../domain/key-moments.ts';
import { Pitch, PITCH_LENGTH, PITCH_WIDTH } from '../match-centre/pitch.tsx';

/** How long each action takes to draw while playing, and how long a drawn moment stays before the next. */
const STEP_MS = 850;
const HOLD_MS = 2_400;
const REDUCED_MOTION_MS = 4_000;

const AMBER = '#fbbf24';
const INK = '#111827';

const KIND_TEXT: Record<KeyMoment['kind'], string> = {
  goal: 'Goal',
  'penalty-goal': 'Penalty goal',
  'own-goal': 'Own goal',
  'big-chance': 'Big chance',
};
const OUTCOME_TEXT: Record<KeyMoment['outcome'], string> = {
  goal: 'goal',
  'on-target': 'saved',
  'off-target': 'off target',
  blocked: 'blocked',
};
const STEP_TEXT: Record<KeyMomentStep['kind'], string> = {
  pass: 'pass',
  cross: 'cross',
  'set-piece': 'set piece',
  carry: 'carry',
  touch: 'touch',
  shot: 'shot',
  'own-goal': 'own goal',
};

export const minuteText = (moment: Pick<KeyMoment, 'minute' | 'addedMinute'>) =>
  moment.addedMinute ? `${moment.minute}+${moment.addedMinute}'` : `${moment.minute}'`;

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia('(prefers-reduced-motion: reduce)');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the reader asked for reduced motion (false on the server, where nothing moves anyway). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    () => false,
  );
}

const px = (x: number) => (x / 100) * PITCH_LENGTH;
const py = (y: number) => (y / 100) * PITCH_WIDTH;

function teamName(match: MatchSummary, teamId: number) {
  return teamId === match.home.id ? match.home.name : teamId === match.away.id ? match.away.name : 'Unknown team';
}

function scoreText(match: MatchSummary, moment: KeyMoment) {
  return `${match.home.shortName} ${moment.score.home}–${moment.score.away} ${match.away.shortName}`;
}

/** One line of the moment in words: "47' Goal: B. Dzsudzsák (Hungary). Hungary 2–1 Portugal". */
export function momentText(match: MatchSummary, moment: KeyMoment): string {
  const who = moment.player
    ? `${moment.player.shortName} (${teamName(match, moment.teamId)})`
    : teamName(match, moment.teamId);
  const result = moment.kind === 'big-chance' ? `, ${OUTCOME_TEXT[moment.outcome]}` : '';
  return `${minuteText(moment)} ${KIND_TEXT[moment.kind]}: ${who}${result}. ${scoreText(match, moment)}`;
}

/** One action on the pitch: its line (or a dot for a touch), the player's dot and name. */
function StepMark({ step, fresh, labelled }: { step: KeyMomentStep; fresh: boolean; labelled: boolean }) {
  const x1 = px(step.x);
  const y1 = py(step.y);
  const x2 = px(step.endX);
  const y2 = py(step.endY);
  const shot = step.kind === 'shot' || step.kind === 'own-goal';
  const draw = fresh ? { animation: 'km-draw 0.75s ease-out both' } : undefined;
  return (
    <g data-step={step.kind}>
      {step.kind === 'touch' ? null : step.kind === 'carry' ? (
        <line
          x1={x1}
          y1={y1}
          x2={x2}
          y2={y2}
          stroke="#ffffff"
          strokeWidth={0.45}
          strokeDasharray="1.2 0.9"
          strokeLinecap="round"
          style={fresh ? { animation: 'km-fade 0.75s ease-out both' } : undefined}
        />
      ) : (
        <line
          x1={x1}
          y1={y1}
          x2={x2}
          y2={y2}
          pathLength={1}
          strokeDasharray="1"
          stroke={shot ? AMBER : step.kind === 'cross' ? '#bae6fd' : '#ffffff'}
          strokeWidth={shot ? 0.9 : 0.55}
          strokeLinecap="round"
          markerEnd={shot ? undefined : 'url(#km-arrow)'}
          style={draw}
        />
      )}
      <circle cx={x1} cy={y1} r={1.1} fill={shot ? AMBER : '#ffffff'} stroke={INK} strokeWidth={0.3} />
      {labelled && step.player ? (
        <text
          // Kept inside the pitch: beside the dot near the goal line, below it near the top touchline.
          x={x1 > 95 ? x1 - 1.8 : x1}
          y={y1 < 5 ? y1 + 4.2 : y1 - 1.9}
          textAnchor={x1 > 95 ? 'end' : 'middle'}
          fontSize={2.6}
          fontWeight={600}
          fill="#ffffff"
          stroke={INK}
          strokeWidth={0.55}
          paintOrder="stroke"
          strokeLinejoin="round"
        >
          {step.player}
        </text>
      ) : null}
    </g>
  );
}

/**
 * The part of the pitch a moment needs: from a little behind its first action
 * (at least the attacking half) to the goal, the whole width. Names stay
 * readable on a phone.
 */
function viewBoxOf(moment: KeyMoment): string {
  const xs = moment.steps.flatMap((step) => [px(step.x), px(step.endX)]);
  const left = Math.max(-3, Math.min(PITCH_LENGTH / 2 - 3, ...xs.map((x) => x - 8)));
  return `${left} -3 ${PITCH_LENGTH + 3 - left} ${PITCH_WIDTH + 6}`;
}

function MomentPitch({
  match,
  moment,
  shown,
  animating,
}: {
  match: MatchSummary;
  moment: KeyMoment;
  shown: number;
  animating: boolean;
}) {
  const steps = moment.steps.slice(0, shown);
  const last = steps.at(-1);
  const ball = last ? { x: px(last.endX), y: py(last.endY) } : null;
  const team = teamName(match, moment.teamId);
  const label = `${momentText(match, moment)}. ${team} attack the right-hand goal. ${moment.steps.length} actions drawn; they are listed beside the pitch.`;
  return (
    <Pitch label={label} viewBox={viewBoxOf(moment)} className="mx-auto h-auto max-h-[36rem] w-full">
      <defs>
        <marker id="km-arrow" viewBox="0 0 6 6" refX="5" refY="3" markerWidth="4" markerHeight="4" orient="auto">
          <path d="M0 0L6 3L0 6z" fill="#ffffff" />
        </marker>
      </defs>
      {steps.map((step, index) => (
        <StepMark
          key={`${moment.seq}-${index}`}
          step={step}
          fresh={animating && index === steps.length - 1}
          // A carry ends where its player's next action starts: the name goes there once.
          labelled={step.kind !== 'carry' && steps[index - 1]?.playerId !== step.playerId}
        />
      ))}
      {ball ? (
        <circle
          data-testid="replay-ball"
          cx={0}
          cy={0}
          r={0.9}
          fill="#ffffff"
          stroke={INK}
          strokeWidth={0.35}
          style={{
            transform: `translate(${ball.x}px, ${ball.y}px)`,
            transition: animating ? `transform ${STEP_MS - 100}ms ease-in-out` : undefined,
          }}
        />
      ) : null}
    </Pitch>
  );
}

function StepList({ match, moment }: { match: MatchSummary; moment: KeyMoment }) {
  if (moment.steps.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">The data has no coordinates for this moment.</p>;
  return (
    <ol className="list-decimal pl-6 text-sm" aria-label="What led to it">
      {moment.steps.map((step, index) => (
        <li key={index}>
          <span className="font-medium">{step.player ?? teamName(match, step.teamId)}</span>{' '}
          <span className="text-slate-600 dark:text-slate-400">
            {STEP_TEXT[step.kind]}
            {index === moment.steps.length - 1 ? ` · ${OUTCOME_TEXT[moment.outcome]}` : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}

const buttonClass =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 dark:aria-disabled:text-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';

export function KeyMomentReplay({
  match,
  data,
  initialSeq,
}: {
  match: MatchSummary;
  data: KeyMoments;
  /** The moment the page opens on (?moment=<seq>); the first when absent or unknown. */
  initialSeq?: number;
}) {
  const moments = data.moments;
  const titleId = useId();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      moments.findIndex((moment) => moment.seq === initialSeq),
    ),
  );
  const [playing, setPlaying] = useState(false);
  const moment = moments[index];
  const total = moment?.steps.length ?? 0;
  // How many of the moment's actions are drawn: all of them unless an animation is under way.
  const [shown, setShown] = useState(total);
  const animating = playing && !reducedMotion;

  const go = useCallback(
    (next: number) => {
      const clamped = Math.min(moments.length - 1, Math.max(0, next));
      setIndex(clamped);
      setShown(animating ? 0 : (moments[clamped]?.steps.length ?? 0));
    },
    [moments, animating],
  );

  // Playing: one more action every STEP_MS, then a pause, then the next moment (stopping after the last).
  useEffect(() => {
    if (!playing) return;
    if (reducedMotion) {
      const timer = window.setTimeout(() => {
        if (index >= moments.length - 1) setPlaying(false);
        else go(index + 1);
      }, REDUCED_MOTION_MS);
      return () => window.clearTimeout(timer);
    }
    const timer = window.setTimeout(
      () => {
        if (shown < total) setShown(shown + 1);
        else if (index >= moments.length - 1) setPlaying(false);
        else go(index + 1);
      },
      shown < total ? STEP_MS : HOLD_MS,
    );
    return () => window.clearTimeout(timer);
  }, [playing, reducedMotion, shown, total, index, moments.length, go]);

  const toggle = () => {
    if (playing) {
      setPlaying(false);
      setShown(total);
      return;
    }
    // From the last moment, Play starts again from the first.
    const from = index >= moments.length - 1 && shown >= total ? 0 : index;
    setIndex(from);
    setShown(reducedMotion ? (moments[from]?.steps.length ?? 0) : 0);
    setPlaying(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    }
  };

  const drawn = useMemo(() => (moment ? Math.min(shown, moment.steps.length) : 0), [moment, shown]);
  if (!moment) return null;

  return (
    <section
      aria-labelledby={titleId}
      data-testid="key-moment-replay"
      onKeyDown={onKeyDown}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Key moments
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Every goal and big chance, drawn from the match’s event data: the actions of the team that led to it and the
        shot. {data.bigChanceRule} Use the buttons or the ← and → keys.
      </p>

      <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="Replay controls">
        <button
          type="button"
          className={buttonClass}
          onClick={() => go(index - 1)}
          // aria-disabled, not disabled: a button that disables itself would drop the keyboard's focus.
          aria-disabled={index === 0}
          aria-keyshortcuts="ArrowLeft"
        >
          <span aria-hidden="true">←</span> Previous
        </button>
        {/* Its name says what it does next (Play or Pause): no aria-pressed as well, or it would read "Pause, pressed". */}
        <button type="button" className={buttonClass} onClick={toggle}>
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={() => go(index + 1)}
          aria-disabled={index === moments.length - 1}
          aria-keyshortcuts="ArrowRight"
        >
          Next <span aria-hidden="true">→</span>
        </button>
        <span className="ml-auto text-sm tabular-nums text-slate-600 dark:text-slate-400">
          Moment {index + 1} of {moments.length}
        </span>
      </div>

      <p aria-live="polite" data-testid="replay-caption" className="mt-3 font-semibold">
        <span className="tabular-nums">{minuteText(moment)}</span> {KIND_TEXT[moment.kind]}:{' '}
        {moment.player?.shortName ?? teamName(match, moment.teamId)}{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">
          ({teamName(match, moment.teamId)}
          {moment.kind === 'big-chance' ? `, ${OUTCOME_TEXT[moment.outcome]}` : ''})
        </span>{' '}
        · <span className="tabular-nums">{scoreText(match, moment)}</span>
      </p>

      <div className="mt-2 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <MomentPitch match={match} moment={moment} shown={drawn} animating={animating} />
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {teamName(match, moment.teamId)} attack the right-hand goal. White: passes; light blue: crosses; dashed:
            carries; amber: the shot.
          </p>
        </div>
        <div>
          <h3 className="mb-1 text-sm font-semibold">What led to it</h3>
          <StepList match={match} moment={moment} />

          <h3 className="mt-4 mb-1 text-sm font-semibold">All key moments</h3>
          <ol className="divide-y divide-slate-200 text-sm dark:divide-slate-800" data-testid="key-moment-list">
            {moments.map((item, position) => (
              <li key={item.seq}>
                <a
                  href={`?moment=${item.seq}`}
                  aria-current={position === index ? 'step' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    setPlaying(false);
                    setIndex(position);
                    setShown(item.steps.length);
                  }}
                  className={`flex gap-3 rounded px-2 py-1.5 ${position === index ? 'bg-slate-100 font-semibold dark:bg-slate-800' : 'hover:bg-slate-50 dark:hover:bg-slate-800/60'}`}
                >
                  <span className="w-12 shrink-0 tabular-nums">{minuteText(item)}</span>
                  <span className="min-w-0 flex-1">
                    {KIND_TEXT[item.kind]}: {item.player?.shortName ?? teamName(match, item.teamId)}
                  </span>
                  <span className="shrink-0 tabular-nums">
                    {item.score.home}–{item.score.away}
                  </span>
                </a>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
