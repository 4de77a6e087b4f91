// Line-ups (issue #5): both starting elevens on a pitch, set out by their
// positions (lineup-layout.ts), with shirt numbers, captain, goals, cards and
// substitutions from the live events; below, who came on for whom and when,
// and the unused substitutes. The pitch is a picture: the same facts are in
// the lists beside it for screen readers, and the only view where the data
// cannot place the players (no positions, as in openfootball's).
import type { CSSProperties } from 'react';
import type { Lineups as LineupsData, MatchEvent, MatchSummary, TeamRef } from '../../../domain/football-contracts.ts';
import { layoutTeam, pitchPoint, type TeamLayout } from './lineup-layout.ts';
import { Pitch, readableOn } from './pitch.tsx';

type Side = 'home' | 'away';
type LineupPlayer = LineupsData['home']['players'][number];

/** What happened to one player, from the events. */
interface PlayerMarks {
  /** Minutes as the timeline writes them ("90+2'"), so a card reads the same in both (issue #19). */
  goals: string[];
  ownGoals: string[];
  yellow: string | null;
  red: string | null;
  /** Minute taken off, and by whom replaced. */
  off: { minute: string; by: string } | null;
  /** Minute brought on, and for whom. */
  on: { minute: string; for: string } | null;
}

const minuteOf = (event: MatchEvent) =>
  event.addedMinute ? `${event.minute}+${event.addedMinute}'` : `${event.minute}'`;
const shortOf = (person: { name: string; shortName?: string } | null) =>
  person ? (person.shortName ?? person.name) : '';

/** Lines of the team, read from the back; sources name positions broadly (DF) or in detail (RB, DM, LW). */
const POSITION_RANK: Record<string, number> = {
  GK: 0,
  DF: 1,
  CB: 1,
  RB: 1,
  LB: 1,
  RWB: 1,
  LWB: 1,
  SW: 1,
  MF: 2,
  DM: 2,
  CM: 2,
  AM: 2,
  RM: 2,
  LM: 2,
  FW: 3,
  CF: 3,
  ST: 3,
  SS: 3,
  RW: 3,
  LW: 3,
  RF: 3,
  LF: 3,
};

/** Where a listed position stands in a starting XI read from the back; unknown positions last. */
export function positionRank(position: string | null | undefined): number {
  return position ? (POSITION_RANK[position.toUpperCase()] ?? 4) : 4;
}

/** "A. Griezmann" → "Griezmann"; "Cristiano Ronaldo" → "Ronaldo" (too long for the pitch); "João Mário", "Pepe" stay. */
export function pitchName(player: { name: string; shortName?: string }): string {
  const short = player.shortName ?? player.name;
  const initial = /^(?:\p{Lu}\.\s?)+(.+)$/u.exec(short);
  if (initial?.[1]) return initial[1];
  return short.length <= 12 ? short : (short.split(/\s+/).at(-1) ?? short);
}

function marksFrom(events: readonly MatchEvent[]): Map<number, PlayerMarks> {
  const marks = new Map<number, PlayerMarks>();
  const of = (id: number) => {
    let entry = marks.get(id);
    if (!entry) {
      entry = { goals: [], ownGoals: [], yellow: null, red: null, off: null, on: null };
      marks.set(id, entry);
    }
    return entry;
  };
  for (const event of events) {
    if (!event.player) continue;
    const player = of(event.player.id);
    switch (event.type) {
      case 'goal':
      case 'penalty_goal':
        player.goals.push(minuteOf(event));
        break;
      case 'own_goal':
        player.ownGoals.push(minuteOf(event));
        break;
      case 'yellow_card':
        player.yellow = minuteOf(event);
        break;
      case 'second_yellow':
      case 'red_card':
        player.red = minuteOf(event);
        break;
      case 'substitution':
        if (event.relatedPlayer) {
          player.on = { minute: minuteOf(event), for: shortOf(event.relatedPlayer) };
          of(event.relatedPlayer.id).off = { minute: minuteOf(event), by: shortOf(event.player) };
        }
        break;
      default:
        break;
    }
  }
  return marks;
}

/** The marks as words, for the lists ("goal 109', yellow card 34', off 25' for Quaresma"). */
function marksText(marks: PlayerMarks | undefined): string {
  if (!marks) return '';
  const parts: string[] = [];
  for (const minute of marks.goals) parts.push(`goal ${minute}`);
  for (const minute of marks.ownGoals) parts.push(`own goal ${minute}`);
  if (marks.yellow !== null) parts.push(`yellow card ${marks.yellow}`);
  if (marks.red !== null) parts.push(`sent off ${marks.red}`);
  if (marks.off) parts.push(`off ${marks.off.minute} for ${marks.off.by}`);
  return parts.join(', ');
}

function BallIcon({ own = false }: { own?: boolean }) {
  return (
    <svg viewBox="0 0 16 16" className="size-3.5 drop-shadow" aria-hidden="true">
      <circle cx="8" cy="8" r="7" fill="#fff" stroke={own ? '#dc2626' : '#111827'} strokeWidth="1.4" />
      <path d="M8 4.6 10.9 6.7 9.8 10.1H6.2L5.1 6.7Z" fill={own ? '#dc2626' : '#111827'} />
    </svg>
  );
}

function PlayerMarker({
  player,
  marks,
  colour,
  keeperColour,
}: {
  player: LineupPlayer;
  marks: PlayerMarks | undefined;
  colour: string;
  keeperColour: string;
}) {
  const fill = player.position === 'GK' ? keeperColour : colour;
  const text = readableOn(fill);
  return (
    <div className="flex w-20 flex-col items-center sm:w-24">
      <div className="relative">
        <div
          className="flex size-8 items-center justify-center rounded-full border-2 border-white text-xs font-bold tabular-nums shadow-md sm:size-9 sm:text-sm"
          style={{ backgroundColor: fill, color: text }}
        >
          {player.shirtNumber ?? ''}
        </div>
        {player.captain ? (
          <span className="absolute -left-1.5 -top-1 flex size-4 items-center justify-center rounded-full bg-white text-[9px] font-bold text-slate-900 shadow">
            C
          </span>
        ) : null}
        {marks && (marks.goals.length > 0 || marks.ownGoals.length > 0) ? (
          <span className="absolute -right-2 -top-1.5 flex">
            {marks.goals.map((minute, index) => (
              <BallIcon key={`g${index}-${minute}`} />
            ))}
            {marks.ownGoals.map((minute, index) => (
              <BallIcon key={`o${index}-${minute}`} own />
            ))}
          </span>
        ) : null}
        {marks && (marks.red !== null || marks.yellow !== null) ? (
          <span
            className={`absolute -right-1.5 bottom-0 h-3.5 w-2.5 rounded-[2px] border border-white/80 shadow ${marks.red !== null ? 'bg-red-600' : 'bg-yellow-400'}`}
          />
        ) : null}
        {marks?.off ? (
          <span className="absolute -bottom-1 -left-4 flex items-center rounded bg-white px-0.5 text-[9px] font-bold leading-tight text-red-700 shadow">
            <svg viewBox="0 0 10 10" className="size-2.5" aria-hidden="true">
              <path d="M5 9 1.5 4.5H4V1h2v3.5h2.5Z" fill="currentColor" />
            </svg>
            {marks.off.minute.replace("'", '')}
          </span>
        ) : null}
      </div>
      <span className="mt-1 max-w-full truncate rounded bg-slate-900 px-1 text-[11px] font-medium leading-4 text-white sm:text-xs">
        {pitchName(player)}
      </span>
    </div>
  );
}

type Placed = {
  player: LineupPlayer;
  side: Side;
  vertical: { left: number; top: number };
  horizontal: { left: number; top: number };
};

function placeTeam(players: readonly LineupPlayer[], layout: TeamLayout, side: Side): Placed[] {
  return layout.players.flatMap((placed) => {
    const player = players.find((candidate) => candidate.id === placed.id);
    return player
      ? [
          {
            player,
            side,
            vertical: pitchPoint(placed, side, 'vertical'),
            horizontal: pitchPoint(placed, side, 'horizontal'),
          },
        ]
      : [];
  });
}

function LineupPitch({
  match,
  placed,
  marks,
}: {
  match: MatchSummary;
  placed: Placed[];
  marks: Map<number, PlayerMarks>;
}) {
  const colours = { home: match.home.colours.primary, away: match.away.colours.primary };
  const keeper = { home: match.home.colours.secondary, away: match.away.colours.secondary };
  return (
    // A picture of the lists that follow (screen readers get those instead).
    <div
      aria-hidden="true"
      className="relative mx-auto aspect-[74/111] w-full max-w-md overflow-hidden rounded-lg md:aspect-[111/74] md:max-w-none"
      data-testid="lineup-pitch"
    >
      <Pitch orientation="vertical" className="absolute inset-0 size-full md:hidden" />
      <Pitch orientation="horizontal" className="absolute inset-0 hidden size-full md:block" />
      {/* Inside the pitch's 3 m margin: 68/74 of the width, 105/111 of the height (vertical); the other way round when horizontal. */}
      <div className="absolute inset-x-[4.05%] inset-y-[2.7%] md:inset-x-[2.7%] md:inset-y-[4.05%]">
        {placed.map(({ player, side, vertical, horizontal }) => (
          <div
            key={`${side}-${player.id}`}
            data-player={player.id}
            className="absolute left-[var(--v-left)] top-[var(--v-top)] -translate-x-1/2 -translate-y-1/2 md:left-[var(--h-left)] md:top-[var(--h-top)]"
            style={
              {
                '--v-left': `${vertical.left}%`,
                '--v-top': `${vertical.top}%`,
                '--h-left': `${horizontal.left}%`,
                '--h-top': `${horizontal.top}%`,
              } as CSSProperties
            }
          >
            <PlayerMarker
              player={player}
              marks={marks.get(player.id)}
              colour={colours[side]}
              keeperColour={keeper[side]}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

function TeamHeading({ team, formation, align }: { team: TeamRef; formation: string | null; align: 'left' | 'right' }) {
  return (
    <div className={`flex items-center gap-2 ${align === 'right' ? 'flex-row-reverse text-right' : ''}`}>
      <span
        aria-hidden="true"
        className="size-3 shrink-0 rounded-full border border-slate-300 dark:border-slate-600"
        style={{ backgroundColor: team.colours.primary }}
      />
      <span className="font-semibold">{team.name}</span>
      {formation ? (
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {formation}
        </span>
      ) : null}
    </div>
  );
}

function TeamLists({
  team,
  side,
  players,
  marks,
  coach,
  listStarters,
}: {
  team: TeamRef;
  side: Side;
  players: readonly LineupPlayer[];
  marks: Map<number, PlayerMarks>;
  coach: string | null;
  listStarters: 'visible' | 'screen-reader';
}) {
  // Goalkeeper, defenders, midfielders, forwards (issue #19); the source's order within each line.
  const starters = players
    .filter((player) => player.starter)
    .sort((a, b) => positionRank(a.position) - positionRank(b.position));
  const used = players.filter((player) => !player.starter && marks.get(player.id)?.on);
  const unused = players.filter((player) => !player.starter && !marks.get(player.id)?.on);
  const numbered = players.some((player) => player.shirtNumber !== null);
  const number = (player: LineupPlayer) =>
    numbered ? (
      <span className="inline-block w-6 shrink-0 text-right tabular-nums text-slate-600 dark:text-slate-400">
        {player.shirtNumber ?? ''}
      </span>
    ) : null;
  const headingId = `lineup-${side}`;
  return (
    <div aria-labelledby={headingId} role="group" className="min-w-0">
      <h3
        id={headingId}
        className="mb-2 flex items-center gap-2 border-b border-slate-200 pb-1 font-semibold dark:border-slate-800"
      >
        <span
          aria-hidden="true"
          className="size-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: team.colours.primary }}
        />
        {team.name}
      </h3>
      <div className={listStarters === 'visible' ? '' : 'sr-only'}>
        <h4 className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-300">Starting XI</h4>
        <ul className="mb-3 space-y-1 text-sm" data-testid={`starters-${side}`}>
          {starters.map((player) => {
            const text = marksText(marks.get(player.id));
            return (
              <li key={player.id} className="flex gap-2">
                {number(player)}
                <span>
                  {/* The name fans know; the full one on hover (issue #19). */}
                  <span title={player.shortName && player.shortName !== player.name ? player.name : undefined}>
                    {player.shortName ?? player.name}
                  </span>
                  {player.position ? (
                    <span className="text-slate-600 dark:text-slate-400"> ({player.position})</span>
                  ) : null}
                  {player.captain ? ' (captain)' : ''}
                  {text ? <span className="text-slate-600 dark:text-slate-400"> · {text}</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <h4 className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-300">Substitutes</h4>
      {used.length === 0 && unused.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">None listed.</p>
      ) : null}
      <ul className="space-y-1 text-sm" data-testid={`substitutes-${side}`}>
        {used.map((player) => {
          const on = marks.get(player.id)?.on;
          const text = marksText(marks.get(player.id));
          return (
            <li key={player.id} className="flex gap-2">
              {number(player)}
              <span>
                <span className="font-medium">{player.shortName ?? player.name}</span>{' '}
                <span className="whitespace-nowrap text-emerald-800 dark:text-emerald-300">
                  <span aria-hidden="true">▲ </span>
                  <span className="sr-only">came on </span>
                  {on?.minute}
                </span>{' '}
                <span className="text-slate-600 dark:text-slate-400">for {on?.for}</span>
                {text ? <span className="text-slate-600 dark:text-slate-400"> · {text}</span> : null}
              </span>
            </li>
          );
        })}
        {unused.map((player) => (
          <li key={player.id} className="flex gap-2 text-slate-700 dark:text-slate-300">
            {number(player)}
            <span>{player.shortName ?? player.name}</span>
          </li>
        ))}
      </ul>
      {coach ? <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Coach: {coach}</p> : null}
    </div>
  );
}

export function LineupsView({
  match,
  lineups,
  events,
}: {
  match: MatchSummary;
  lineups: LineupsData | null;
  events: readonly MatchEvent[];
}) {
  const hasPlayers = lineups !== null && lineups.home.players.length + lineups.away.players.length > 0;
  if (!lineups || !hasPlayers) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">The data for this match has no line-ups.</p>;
  }
  const marks = marksFrom(events);
  const layouts = {
    home: layoutTeam(
      lineups.home.players.filter((player) => player.starter),
      lineups.home.formation,
    ),
    away: layoutTeam(
      lineups.away.players.filter((player) => player.starter),
      lineups.away.formation,
    ),
  };
  const onPitch = layouts.home !== null && layouts.away !== null;
  const placed =
    onPitch && layouts.home && layouts.away
      ? [
          ...placeTeam(lineups.home.players, layouts.home, 'home'),
          ...placeTeam(lineups.away.players, layouts.away, 'away'),
        ]
      : [];
  return (
    <div data-testid="lineups">
      <div className="mb-3 flex items-center justify-between gap-3">
        <TeamHeading team={match.home} formation={layouts.home?.formation ?? lineups.home.formation} align="left" />
        <TeamHeading team={match.away} formation={layouts.away?.formation ?? lineups.away.formation} align="right" />
      </div>
      {onPitch ? (
        <>
          <LineupPitch match={match} placed={placed} marks={marks} />
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            {lineups.home.formation || lineups.away.formation
              ? 'Formations as the data gives them.'
              : [...lineups.home.players, ...lineups.away.players].some((player) => player.averagePosition)
                ? 'Formations drawn from the listed positions; within each line, players stand where they were on the ball on average.'
                : 'Formations drawn from the listed positions.'}
          </p>
        </>
      ) : null}
      <div className="mt-4 grid grid-cols-1 gap-6 *:min-w-0 sm:grid-cols-2">
        <TeamLists
          team={match.home}
          side="home"
          players={lineups.home.players}
          marks={marks}
          coach={lineups.home.coach}
          listStarters={onPitch ? 'screen-reader' : 'visible'}
        />
        <TeamLists
          team={match.away}
          side="away"
          players={lineups.away.players}
          marks={marks}
          coach={lineups.away.coach}
          listStarters={onPitch ? 'screen-reader' : 'visible'}
        />
      </div>
    </div>
  );
}
