// "Live now" plus fixtures and results for one date (home and the sport hub).
import type { ListView } from './match-list.tsx';
import { CompetitionGroups, DateStrip, EmptyState, SpoilerToggle } from './match-list.tsx';
import { dayHeading } from './dates.ts';
import type { DayListData } from './day.server.ts';
import { useLiveScores } from '../../lib/live/use-live.ts';
import { LiveDelaySetting } from '../preferences/live-delay-setting.tsx';

export function DayView({ data, view }: { data: DayListData; view: ListView }) {
  const order = data.competitions.map((competition) => competition.code);
  const live = useLiveScores(data.live, data.position);
  const matches = useLiveScores(data.matches, data.position);
  const fixedTimeZone = data.timeZoneSource === 'param' ? data.timeZone : null;
  return (
    <div className="space-y-6">
      <section aria-labelledby="live-now-heading">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id="live-now-heading" className="text-lg font-semibold">
            Live now
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <LiveDelaySetting />
            <SpoilerToggle spoiler={view.spoiler} />
          </div>
        </div>
        {live.length > 0 ? (
          <CompetitionGroups listId="live" matches={live} competitionOrder={order} view={view} />
        ) : (
          <EmptyState>No match is being played right now.</EmptyState>
        )}
      </section>
      <section aria-labelledby="day-heading">
        <h2 id="day-heading" className="mb-2 text-lg font-semibold">
          Fixtures and results
          <span className="block text-sm font-normal text-slate-600 dark:text-slate-400" data-testid="day-label">
            {dayHeading(data.date, data.today)} · times in {view.timeZone.replaceAll('_', ' ')}
          </span>
        </h2>
        {data.refusedDate !== null ? (
          <p role="status" className="mb-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            “{data.refusedDate}” is not a date we can show (use YYYY-MM-DD), so here is today.
          </p>
        ) : null}
        <DateStrip date={data.date} today={data.today} fixedTimeZone={fixedTimeZone} />
        {matches.length > 0 ? (
          <CompetitionGroups listId="day" matches={matches} competitionOrder={order} view={view} />
        ) : (
          <EmptyState>No matches on this date in the competitions this site follows.</EmptyState>
        )}
      </section>
    </div>
  );
}
