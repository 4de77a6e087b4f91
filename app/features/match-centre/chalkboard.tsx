// The chalkboard (issue #5): a shot map (every shot where it was taken, by
// outcome, for one team or both) and a pass map of one chosen player, drawn on
// an SVG pitch from the match's on-ball actions. Server-rendered with the
// loader's data; in the browser, choosing a player or a replay moving on
// fetches the chalkboard again from the API. Without JavaScript the player is
// chosen with a plain GET form.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useHydrated } from '../../lib/loading/deferred.tsx';
import type { Chalkboard, ChalkboardPass, ChalkboardShot, ShotOutcome } from '../../../domain/chalkboard.ts';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import { Pitch, PITCH_LENGTH, PITCH_WIDTH } from './pitch.tsx';

const OUTCOME_LABEL: Record<ShotOutcome, string> = {
  goal: 'Goal',
  'on-target': 'Saved',
  'off-target': 'Off target',
  blocked: 'Blocked',
};
const AMBER = '#fbbf24';
const INK = '#111827';

const minuteText = (item: { minute: number; addedMinute: number | null }) =>
  item.addedMinute ? `${item.minute}+${item.addedMinute}'` : `${item.minute}'`;

/** A shot's mark: the shape tells the outcome without colour (filled, ringed, hollow, a cross). */
function ShotMark({ outcome, cx, cy }: { outcome: ShotOutcome; cx: number; cy: number }) {
  switch (outcome) {
    case 'goal':
      return (
        <g>
          <circle cx={cx} cy={cy} r={2.1} fill={AMBER} stroke={INK} strokeWidth={0.45} />
          <circle cx={cx} cy={cy} r={0.7} fill={INK} />
        </g>
      );
    case 'on-target':
      return <circle cx={cx} cy={cy} r={1.35} fill="#ffffff" stroke={INK} strokeWidth={0.3} />;
    case 'off-target':
      return <circle cx={cx} cy={cy} r={1.2} fill="none" stroke="#ffffff" strokeWidth={0.5} />;
    default:
      return (
        <path
          d={`M${cx - 1} ${cy - 1}L${cx + 1} ${cy + 1}M${cx - 1} ${cy + 1}L${cx + 1} ${cy - 1}`}
          stroke="#ffffff"
          strokeWidth={0.55}
          strokeLinecap="round"
        />
      );
  }
}

function LegendMark({ outcome }: { outcome: ShotOutcome }) {
  return (
    <svg viewBox="-3 -3 6 6" className="size-4 rounded-sm" style={{ backgroundColor: '#2f6d3a' }} aria-hidden="true">
      <ShotMark outcome={outcome} cx={0} cy={0} />
    </svg>
  );
}

type TeamChoice = 'both' | 'home' | 'away';

const tallyText = ({ shots, onTarget, goals }: { shots: number; onTarget: number; goals: number }) =>
  `${shots} ${shots === 1 ? 'shot' : 'shots'} · ${onTarget} on target${goals > 0 ? ` · ${goals} ${goals === 1 ? 'goal' : 'goals'}` : ''}`;

function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Array<[T, string]>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700"
    >
      {options.map(([key, text]) => (
        <button
          key={key}
          type="button"
          aria-pressed={value === key}
          onClick={() => onChange(key)}
          className={`rounded-md px-3 py-1 text-sm font-medium ${value === key ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

function ShotMap({
  match,
  shots,
  names,
}: {
  match: MatchSummary;
  shots: readonly ChalkboardShot[];
  names: Map<number, string>;
}) {
  const [team, setTeam] = useState<TeamChoice>('both');
  const shown = shots.filter(
    (shot) => team === 'both' || shot.teamId === (team === 'home' ? match.home.id : match.away.id),
  );
  // Home attacks the right-hand goal, away the left: each shot flipped into its team's direction.
  const point = (shot: ChalkboardShot) =>
    shot.teamId === match.home.id
      ? { cx: (shot.x / 100) * PITCH_LENGTH, cy: (shot.y / 100) * PITCH_WIDTH }
      : { cx: ((100 - shot.x) / 100) * PITCH_LENGTH, cy: ((100 - shot.y) / 100) * PITCH_WIDTH };
  const tally = (teamId: number) => {
    const own = shots.filter((shot) => shot.teamId === teamId);
    return {
      shots: own.length,
      onTarget: own.filter((shot) => shot.outcome === 'goal' || shot.outcome === 'on-target').length,
      goals: own.filter((shot) => shot.outcome === 'goal').length,
    };
  };
  const home = tally(match.home.id);
  const away = tally(match.away.id);
  const order: ShotOutcome[] = ['goal', 'on-target', 'off-target', 'blocked'];
  // Goals last: drawn on top of the rest.
  const drawn = [...shown].sort((a, b) => order.indexOf(b.outcome) - order.indexOf(a.outcome));
  const label = `Shot map: ${shown.length} shots${team === 'both' ? '' : ` by ${team === 'home' ? match.home.name : match.away.name}`}. ${match.home.name} attack the right-hand goal, ${match.away.name} the left. Every shot is listed below the map.`;
  return (
    <div data-testid="shot-map">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Shot map</h3>
        <ToggleGroup
          label="Shots by team"
          value={team}
          onChange={setTeam}
          options={[
            ['both', 'Both'],
            ['home', match.home.shortName],
            ['away', match.away.shortName],
          ]}
        />
      </div>
      <div className="mb-2 flex flex-wrap justify-between gap-x-4 text-sm">
        <p>
          <span className="font-semibold">{match.away.shortName}</span>{' '}
          <span className="tabular-nums">{tallyText(away)}</span>
        </p>
        <p>
          <span className="font-semibold">{match.home.shortName}</span>{' '}
          <span className="tabular-nums">{tallyText(home)}</span>
        </p>
      </div>
      <Pitch className="w-full rounded-lg" label={label}>
        {drawn.map((shot) => {
          const { cx, cy } = point(shot);
          return (
            <g key={shot.seq} data-outcome={shot.outcome} data-team={shot.teamId === match.home.id ? 'home' : 'away'}>
              <title>{`${names.get(shot.playerId ?? 0) ?? 'Unknown'} ${minuteText(shot)}: ${OUTCOME_LABEL[shot.outcome].toLowerCase()}${shot.kind === 'penalty' ? ' (penalty)' : shot.kind === 'free-kick' ? ' (free kick)' : ''}`}</title>
              <ShotMark outcome={shot.outcome} cx={cx} cy={cy} />
            </g>
          );
        })}
      </Pitch>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300" aria-label="Key">
        {order.map((outcome) => (
          <li key={outcome} className="flex items-center gap-1.5">
            <LegendMark outcome={outcome} />
            {OUTCOME_LABEL[outcome]}
          </li>
        ))}
      </ul>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-700 underline-offset-2 hover:underline dark:text-slate-300">
          Every shot as a list ({shown.length})
        </summary>
        <ol className="mt-2 space-y-1" data-testid="shot-list">
          {shown.map((shot) => (
            <li key={shot.seq} className="flex gap-2">
              <span className="w-12 shrink-0 tabular-nums text-slate-600 dark:text-slate-400">{minuteText(shot)}</span>
              <span>
                {names.get(shot.playerId ?? 0) ?? 'Unknown'} (
                {shot.teamId === match.home.id ? match.home.shortName : match.away.shortName}):{' '}
                {OUTCOME_LABEL[shot.outcome].toLowerCase()}
                {shot.kind === 'penalty' ? ', penalty' : shot.kind === 'free-kick' ? ', free kick' : ''}
                {shot.bodyPart === 'head-or-body' ? ', header' : ''}
              </span>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

function PassLines({ passes }: { passes: readonly ChalkboardPass[] }) {
  const markerId = useId().replace(/:/g, '');
  // Inaccurate first, accurate on top.
  const sorted = [...passes].sort((a, b) => Number(a.accurate) - Number(b.accurate));
  return (
    <>
      <defs>
        <marker
          id={`${markerId}-ok`}
          viewBox="0 0 6 6"
          refX="5"
          refY="3"
          markerWidth="4"
          markerHeight="4"
          orient="auto-start-reverse"
        >
          <path d="M0 0 6 3 0 6Z" fill="#ffffff" />
        </marker>
        <marker
          id={`${markerId}-miss`}
          viewBox="0 0 6 6"
          refX="5"
          refY="3"
          markerWidth="4"
          markerHeight="4"
          orient="auto-start-reverse"
        >
          <path d="M0 0 6 3 0 6Z" fill={AMBER} />
        </marker>
      </defs>
      {sorted.map((pass) => (
        <line
          key={pass.seq}
          data-accurate={pass.accurate}
          x1={(pass.x / 100) * PITCH_LENGTH}
          y1={(pass.y / 100) * PITCH_WIDTH}
          x2={(pass.endX / 100) * PITCH_LENGTH}
          y2={(pass.endY / 100) * PITCH_WIDTH}
          stroke={pass.accurate ? '#ffffff' : AMBER}
          strokeWidth={pass.keyPass || pass.assist ? 0.55 : 0.35}
          strokeDasharray={pass.accurate ? undefined : '1.2 0.8'}
          markerEnd={`url(#${markerId}-${pass.accurate ? 'ok' : 'miss'})`}
        >
          <title>{`${minuteText(pass)} ${pass.accurate ? 'completed' : 'not completed'}${pass.assist ? ', assist' : pass.keyPass ? ', key pass' : ''}`}</title>
        </line>
      ))}
    </>
  );
}

/** Without JavaScript the choice is sent as ?player=…; with it, choosing is enough and the button goes. */
function SubmitWithoutScript() {
  return useHydrated() ? null : (
    <button
      type="submit"
      className="rounded bg-slate-900 px-2 py-1 text-sm font-semibold text-white dark:bg-slate-100 dark:text-slate-900"
    >
      Show
    </button>
  );
}

function PassMap({
  match,
  board,
  playerId,
  onChoose,
  pending,
}: {
  match: MatchSummary;
  board: Chalkboard;
  playerId: number | null;
  onChoose: (id: number) => void;
  pending: boolean;
}) {
  const selectId = useId();
  const player = board.players.find((candidate) => candidate.id === playerId) ?? null;
  const passes = board.passMap && board.passMap.playerId === playerId ? board.passMap.passes : [];
  const accurate = passes.filter((pass) => pass.accurate).length;
  const teams = [match.home, match.away];
  const team = player ? teams.find((candidate) => candidate.id === player.teamId) : undefined;
  return (
    <div data-testid="pass-map">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Pass map</h3>
        <form
          method="get"
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const value = Number(new FormData(event.currentTarget).get('player'));
            if (value) onChoose(value);
          }}
        >
          <label htmlFor={selectId} className="text-sm text-slate-700 dark:text-slate-300">
            Player
          </label>
          <select
            id={selectId}
            name="player"
            value={playerId ?? ''}
            onChange={(event) => onChoose(Number(event.target.value))}
            className="max-w-[14rem] rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
          >
            {teams.map((side) => (
              <optgroup key={side.id} label={side.name}>
                {board.players
                  .filter((candidate) => candidate.teamId === side.id)
                  .map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.shortName} ({candidate.passes})
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          <SubmitWithoutScript />
        </form>
      </div>
      <p className="mb-2 text-sm" aria-live="polite" data-testid="pass-summary">
        {player ? (
          <>
            <span className="font-semibold">{player.name}</span>
            {team ? <span className="text-slate-600 dark:text-slate-400"> · {team.shortName}</span> : null}:{' '}
            <span className="tabular-nums">
              {passes.length} {passes.length === 1 ? 'pass' : 'passes'}, {accurate} completed
              {passes.length > 0 ? ` (${Math.round((accurate / passes.length) * 100)}%)` : ''}
            </span>
            {pending ? <span className="text-slate-600 dark:text-slate-400"> · loading…</span> : null}
          </>
        ) : (
          'Choose a player to see their passes.'
        )}
      </p>
      <Pitch
        className={`w-full rounded-lg transition-opacity ${pending ? 'opacity-60' : ''}`}
        label={
          player
            ? `Pass map of ${player.name}, attacking to the right: ${passes.length} passes, ${accurate} completed.`
            : 'Pass map: no player chosen.'
        }
      >
        <PassLines passes={passes} />
      </Pitch>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300" aria-label="Key">
        <li className="flex items-center gap-1.5">
          <svg
            viewBox="0 0 20 6"
            className="h-3 w-6 rounded-sm"
            style={{ backgroundColor: '#2f6d3a' }}
            aria-hidden="true"
          >
            <line x1="2" y1="3" x2="18" y2="3" stroke="#ffffff" strokeWidth="1.4" />
          </svg>
          Completed
        </li>
        <li className="flex items-center gap-1.5">
          <svg
            viewBox="0 0 20 6"
            className="h-3 w-6 rounded-sm"
            style={{ backgroundColor: '#2f6d3a' }}
            aria-hidden="true"
          >
            <line x1="2" y1="3" x2="18" y2="3" stroke={AMBER} strokeWidth="1.4" strokeDasharray="3 2" />
          </svg>
          Not completed
        </li>
        <li className="text-slate-600 dark:text-slate-400">Thicker: key pass or assist. Attacking →</li>
      </ul>
    </div>
  );
}

/**
 * `refresh` changes whenever the match moves on (live events); while the
 * chalkboard follows a replay (`upTo` set) that fetches it again.
 */
export function ChalkboardView({
  match,
  initial,
  refresh,
}: {
  match: MatchSummary;
  initial: Chalkboard;
  refresh: unknown;
}) {
  const [board, setBoard] = useState(initial);
  const [source, setSource] = useState(initial);
  const [playerId, setPlayerId] = useState<number | null>(initial.passMap?.playerId ?? null);
  const [pending, setPending] = useState(false);
  const controller = useRef<AbortController | null>(null);
  if (source !== initial) {
    setSource(initial);
    setBoard(initial);
    setPlayerId(initial.passMap?.playerId ?? null);
  }
  const load = (id: number | null) => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    setPending(true);
    const query = id === null ? '' : `?player=${id}`;
    // no-cache: revalidate with the ETag, so a replay's new shots are never hidden by the short cache lifetime.
    fetch(`/api/matches/${match.id}/chalkboard${query}`, {
      signal: next.signal,
      cache: 'no-cache',
      headers: { accept: 'application/json' },
    })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`chalkboard: ${response.status}`))))
      // The schema (and zod) load with the first refresh, not with the page (issue #5 byte budget).
      .then(async (body: unknown) => {
        const { chalkboardSchema } = await import('../../../domain/chalkboard.ts');
        const parsed = chalkboardSchema.safeParse(body);
        if (parsed.success) setBoard(parsed.data);
      })
      // A failed refresh keeps what is shown; the next event or a reload makes it good.
      .catch(() => undefined)
      .finally(() => {
        if (controller.current === next) setPending(false);
      });
  };

  // A replay moving on: fetch again, debounced so a burst of events costs one request.
  const following = board.upTo !== null;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!following) return;
    const timer = setTimeout(() => load(playerId), 800);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh]);
  useEffect(() => () => controller.current?.abort(), []);

  const names = useMemo(() => new Map(board.players.map((player) => [player.id, player.shortName])), [board.players]);

  if (!board.hasActions) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The data for this match has no on-ball actions, so there is no shot map or pass map. Matches with Wyscout event
        data have them.
      </p>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6 *:min-w-0 lg:grid-cols-2" data-testid="chalkboard">
      {board.upTo ? (
        <p className="text-sm text-slate-600 lg:col-span-2 dark:text-slate-400" data-testid="chalkboard-progress">
          This replay’s chalkboard fills in as it is played: it shows the original match up to the point the replay has
          reached.
        </p>
      ) : null}
      <ShotMap match={match} shots={board.shots} names={names} />
      <PassMap
        match={match}
        board={board}
        playerId={playerId}
        pending={pending}
        onChoose={(id) => {
          setPlayerId(id);
          load(id);
        }}
      />
    </div>
  );
}
