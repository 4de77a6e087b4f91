// The match lists of the home, live, hot and sport pages (issue #5): matches
// grouped under competition headers, a star on each row and header, scores
// hidden in spoiler-safe mode, and the date strip. Server-rendered; the only
// client work is the live patching, the ticking clock and the device settings.
import { memo, useMemo, type CSSProperties, type ReactNode } from 'react';
import { Form } from 'react-router';
import type { Competition, MatchSummary } from '../../../domain/football-contracts.ts';
import { isLive } from '../../../domain/match-status.ts';
import { AppLink } from '../../components/app-link.tsx';
import { ListLink } from '../../components/list-link.tsx';
import { MatchRow } from '../../components/match-row.tsx';
import {
  toggleFavouriteCompetition,
  toggleFavouriteMatch,
  useFavourites,
  type Favourites,
} from '../../lib/preferences/favourites.ts';
import { HydrateLater, partAttributes } from '../../lib/loading/hydrate-later.tsx';
import { useSpoilerSafe, type SpoilerSetting, type SpoilerState } from '../../lib/preferences/spoiler.ts';
import { useVisitorTimeZone, type TimeZoneSource } from '../../lib/time/time-zone.ts';
import { useNow } from '../../lib/live/use-live.ts';
import { stripDays } from './dates.ts';
import { groupByCompetition, type CompetitionGroup } from './grouping.ts';

/** What every list on a page shares: the zone, the spoiler switch and the starred items. */
export interface ListView {
  timeZone: string;
  spoiler: SpoilerState;
  favourites: Favourites;
}

export function useListView(server: {
  timeZone: string;
  timeZoneSource: TimeZoneSource;
  spoilerSafe: SpoilerSetting;
}): ListView {
  const timeZone = useVisitorTimeZone({ timeZone: server.timeZone, source: server.timeZoneSource });
  const spoiler = useSpoilerSafe(server.spoilerSafe);
  const favourites = useFavourites();
  return { timeZone, spoiler, favourites };
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-5"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <path d="M10 2.5l2.3 4.8 5.2.7-3.8 3.7.9 5.2L10 14.4l-4.6 2.5.9-5.2-3.8-3.7 5.2-.7z" strokeLinejoin="round" />
    </svg>
  );
}

// The colour is one class or the other: with both, the stylesheet's order decided, and a starred match's
// star stayed grey.
const iconButton =
  'inline-flex size-8 shrink-0 sm:size-9 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800';
const starColour = {
  on: 'text-amber-600 dark:text-amber-400',
  off: 'text-slate-500 hover:text-amber-600 dark:text-slate-400 dark:hover:text-amber-400',
};

/** The star that adds `label` to the device's favourites or takes it off (home's other sections use it too). */
export function StarButton({ label, active, onToggle }: { label: string; active: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={`${iconButton} ${active ? starColour.on : starColour.off}`}
      aria-label={active ? `Remove ${label} from favourites` : `Add ${label} to favourites`}
      aria-pressed={active}
      onClick={onToggle}
    >
      <StarIcon filled={active} />
    </button>
  );
}

interface RowProps {
  match: MatchSummary;
  now: Date;
  timeZone: string;
  hidden: boolean;
  starred: boolean;
  reveal: (matchId: number) => void;
}

function RowView({ match, now, timeZone, hidden, starred, reveal }: RowProps) {
  const hasScore = match.score.home !== null && match.score.away !== null;
  const fixture = `${match.home.name} v ${match.away.name}`;
  return (
    <MatchRow
      match={match}
      now={now}
      timeZone={timeZone}
      hideScore={hidden}
      actions={
        <>
          {hidden && hasScore ? (
            <button
              type="button"
              className="shrink-0 rounded-full px-2 py-1 text-xs font-semibold text-brand-700 underline underline-offset-2 hover:bg-slate-100 dark:text-brand-100 dark:hover:bg-slate-800"
              aria-label={`Show the score of ${fixture}`}
              onClick={() => reveal(match.id)}
            >
              Show
            </button>
          ) : null}
          <StarButton label={fixture} active={starred} onToggle={() => toggleFavouriteMatch(match.id)} />
        </>
      }
    />
  );
}

/**
 * A row renders again only when what it shows changes: with a live match on a busy day the
 * list's clock ticks every second, and 100+ rows redrawn each time kept the main thread busy.
 * The hot lists' featured matches use it too (featured-matches.tsx).
 */
export const Row = memo(
  RowView,
  (before, after) =>
    before.match === after.match &&
    before.now.getTime() === after.now.getTime() &&
    before.timeZone === after.timeZone &&
    before.hidden === after.hidden &&
    before.starred === after.starred &&
    before.reveal === after.reveal,
);

/** The time a row needs: live clocks by the second, kick-off countdowns by the minute. */
function rowNow(match: MatchSummary, now: Date, minute: Date): Date {
  return isLive(match.status) ? now : minute;
}

/**
 * Groups after this many rows are laid out and painted only as they near the viewport
 * (`content-visibility: auto`): a busy day's 120 rows made the first style and layout of the home page
 * 200–270 ms of one core (80–100 ms with it), and that work stands between the HTML and the first paint.
 * Far enough down that such a group is never in the first view, so a size estimate cannot shift it.
 */
const ROWS_LAID_OUT_FIRST = 12;
/** A row with its divider, and a group's header and padding, in px (all breakpoints: one line each). */
const ROW_HEIGHT = 46;
const GROUP_CHROME_HEIGHT = 50;

/** How many rows come before each group. */
function rowsAbove(groups: ReadonlyArray<{ matches: readonly unknown[] }>): number[] {
  const above: number[] = [];
  let rows = 0;
  for (const group of groups) {
    above.push(rows);
    rows += group.matches.length;
  }
  return above;
}

/** Skips a group's layout until it nears the viewport, holding its place at about its real height. */
function laterLayout(rows: number): CSSProperties {
  return {
    contentVisibility: 'auto',
    // `auto`: once laid out, the browser remembers the real height rather than this estimate.
    containIntrinsicSize: `auto ${rows * ROW_HEIGHT + GROUP_CHROME_HEIGHT}px`,
  };
}

interface GroupProps {
  id: string;
  group: CompetitionGroup;
  Heading: 'h2' | 'h3' | 'h4';
  laidOutLater: boolean;
  starred: boolean;
  favouriteMatches: readonly number[];
  timeZone: string;
  isHidden: SpoilerState['isHidden'];
  reveal: SpoilerState['reveal'];
  /** The time for live rows; groups without one are handed `minute`, so a clock tick passes them by. */
  now: Date;
  minute: Date;
}

/** One competition's header and rows. Memoised: a tick of the live clock redraws only groups with a live match. */
const Group = memo(function Group({
  id,
  group,
  Heading,
  laidOutLater,
  starred,
  favouriteMatches,
  timeZone,
  isHidden,
  reveal,
  now,
  minute,
}: GroupProps) {
  return (
    <section
      {...partAttributes(id)}
      aria-labelledby={id}
      data-testid="competition-group"
      className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      style={laidOutLater ? laterLayout(group.matches.length) : undefined}
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-1 dark:border-slate-800">
        <Heading id={id} className="min-w-0 flex-1 text-sm font-semibold">
          <ListLink to={`/league/${group.competition.code}`} className="hover:underline">
            {group.competition.name}
          </ListLink>
          <span className="ml-2 font-normal text-slate-600 dark:text-slate-400">{group.competition.areaName}</span>
        </Heading>
        <StarButton
          label={group.competition.name}
          active={starred}
          onToggle={() => toggleFavouriteCompetition(group.competition.code)}
        />
      </div>
      <ul className="divide-y divide-slate-100 px-1 py-1 dark:divide-slate-800">
        {group.matches.map((match) => (
          <Row
            key={match.id}
            match={match}
            now={rowNow(match, now, minute)}
            timeZone={timeZone}
            hidden={isHidden(match)}
            starred={favouriteMatches.includes(match.id)}
            reveal={reveal}
          />
        ))}
      </ul>
    </section>
  );
});

/** Matches under competition headers (h2, h3 or h4), most important competition first, favourites pinned. */
export function CompetitionGroups({
  matches,
  competitionOrder,
  view,
  headingLevel = 3,
  listId,
}: {
  /** Unique on the page: prefixes the headers' ids. */
  listId: string;
  matches: MatchSummary[];
  competitionOrder: readonly string[];
  view: ListView;
  /** 4 under a day's h3 (the highlights page's key-moment replays). */
  headingLevel?: 2 | 3 | 4;
}) {
  const now = useNow(
    1000,
    matches.some((match) => isLive(match.status)),
  );
  const minuteMs = Math.floor(now.getTime() / 60_000) * 60_000;
  const minute = useMemo(() => new Date(minuteMs), [minuteMs]);
  const groups = useMemo(
    () => groupByCompetition(matches, competitionOrder, view.favourites),
    [matches, competitionOrder, view.favourites],
  );
  const rowsBefore = useMemo(() => rowsAbove(groups), [groups]);
  const withLive = useMemo(() => groups.map((group) => group.matches.some((match) => isLive(match.status))), [groups]);
  const Heading = headingLevel === 2 ? 'h2' : headingLevel === 4 ? 'h4' : 'h3';
  return (
    <div className="space-y-4">
      {groups.map((group, index) => {
        const id = `${listId}-${group.competition.code.replaceAll('.', '-')}`;
        // Each competition hydrates on its own when the browser is idle: a busy day's 120 rows at once
        // kept a phone's main thread busy (app/lib/loading/hydrate-later.tsx).
        return (
          <HydrateLater key={group.competition.code} id={id}>
            <Group
              id={id}
              group={group}
              Heading={Heading}
              laidOutLater={(rowsBefore[index] ?? 0) >= ROWS_LAID_OUT_FIRST}
              starred={view.favourites.competitions.includes(group.competition.code)}
              favouriteMatches={view.favourites.matches}
              timeZone={view.timeZone}
              isHidden={view.spoiler.isHidden}
              reveal={view.spoiler.reveal}
              now={withLive[index] ? now : minute}
              minute={minute}
            />
          </HydrateLater>
        );
      })}
    </div>
  );
}

/** The per-device spoiler-safe switch. */
export function SpoilerToggle({ spoiler }: { spoiler: SpoilerState }) {
  return (
    <button
      type="button"
      aria-pressed={spoiler.spoilerSafe}
      onClick={() => spoiler.setSpoilerSafe(!spoiler.spoilerSafe)}
      className="inline-flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      <span
        aria-hidden="true"
        className={`inline-block size-2.5 rounded-full ${spoiler.spoilerSafe ? 'bg-emerald-600' : 'bg-slate-400'}`}
      />
      Hide scores
    </button>
  );
}

/** Yesterday, today, tomorrow and a date picker; plain links and a GET form, so they work without JS. */
export function DateStrip({
  date,
  today,
  fixedTimeZone,
}: {
  date: string;
  today: string;
  fixedTimeZone: string | null;
}) {
  const search = (day: string) => `?date=${day}${fixedTimeZone ? `&tz=${encodeURIComponent(fixedTimeZone)}` : ''}`;
  return (
    <nav aria-label="Dates" className="mb-4 flex flex-wrap items-center gap-2">
      <ul className="flex gap-1">
        {stripDays(today).map((day) => (
          <li key={day.date}>
            <AppLink
              to={{ search: search(day.date) }}
              aria-current={day.date === date ? 'date' : undefined}
              className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${
                day.date === date
                  ? 'bg-brand-700 text-white dark:bg-brand-100 dark:text-slate-950'
                  : 'bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700'
              }`}
            >
              {day.label}
            </AppLink>
          </li>
        ))}
      </ul>
      <Form method="get" className="flex items-center gap-2">
        <label htmlFor="match-date" className="text-sm">
          Date
        </label>
        <input
          id="match-date"
          type="date"
          name="date"
          defaultValue={date}
          key={date}
          required
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        {fixedTimeZone ? <input type="hidden" name="tz" value={fixedTimeZone} /> : null}
        <button
          type="submit"
          className="rounded-md bg-slate-800 px-3 py-1 text-sm font-semibold text-white hover:bg-slate-700 dark:bg-slate-200 dark:text-slate-950"
        >
          Show
        </button>
      </Form>
    </nav>
  );
}

/** Competitions in order of importance, each linking to its page. */
export function CompetitionLinks({ competitions, limit }: { competitions: Competition[]; limit?: number }) {
  const shown = limit === undefined ? competitions : competitions.slice(0, limit);
  return (
    <ul className="space-y-1">
      {shown.map((competition) => (
        <li key={competition.code}>
          <AppLink
            to={`/league/${competition.code}`}
            className="block rounded-md px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <span className="font-semibold">{competition.name}</span>
            <span className="ml-2 text-slate-600 dark:text-slate-400">{competition.areaName}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      {children}
    </p>
  );
}
