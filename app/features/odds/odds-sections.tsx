// The match page's model odds (issue #24): the odds panel — every market with
// its probabilities in percent beside its prices, in the visitor's format,
// arrows where a price moved — and the win-probability graph. Rendered in full
// by the server; its code loads after the page's (app/routes/match-centre.tsx
// defers it: first-load budget). The live odds arrive as props from the
// page's hook (use-live-odds.ts). Labelled as a model's numbers, with an 18+
// note; Scoreline takes no bets and links to no bookmaker.
import { useEffect, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { MatchSummary } from '../../../domain/football-contracts.ts';
import type { LiveOdds, OddsMarkets, WinProbabilityPoint } from '../../../domain/odds-contracts.ts';
import { useSignedInUser } from '../../lib/auth/auth-user.ts';
import { useHydrated } from '../../lib/loading/deferred.tsx';
import {
  ODDS_FORMATS,
  ODDS_FORMAT_LABELS,
  formatPercent,
  formatPrice,
  priceMove,
  type OddsFormat,
} from './odds-format.ts';
import { describeMarkets, pricesOf, type MarketView, type Teams } from './odds-markets.ts';
import type { OddsPageData } from './odds-page-data.ts';
import { useOddsPreferences } from './odds-preferences.ts';
import { WinProbabilityGraph } from './win-probability-graph.tsx';

export interface OddsSectionsProps {
  match: MatchSummary;
  data: OddsPageData;
  /** The in-play odds now (the loader's, then each `odds` event's). */
  live: LiveOdds | null;
  points: WinProbabilityPoint[];
}

const SECTION = 'rounded-xl border border-slate-200 bg-white p-4 md:col-span-2 dark:border-slate-800 dark:bg-slate-900';
const BUTTON =
  'rounded-full border border-slate-400 px-3 py-1 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800';

/**
 * The margin the prices carry, read back from 1X2's most likely outcome (price = 1 ÷ (p × (1 + margin)),
 * to the cent: domain/odds/prices.ts); within rounding of 0 for fair prices. Null when it cannot be told.
 */
export function marginOf(markets: OddsMarkets): number | null {
  const likeliest = Object.values(markets['1x2']).reduce((best, outcome) => (outcome.p > best.p ? outcome : best));
  if (likeliest.price === null || likeliest.price <= 1 || likeliest.p <= 0) return null;
  const margin = 1 / (likeliest.p * likeliest.price) - 1;
  // A cent on a price of 1.5–4 moves this by up to half a percent.
  return Math.abs(margin) < 0.004 ? 0 : Math.round(margin * 200) / 200;
}

function Arrow({
  move,
  before,
  format,
}: {
  move: 'up' | 'down' | null;
  before: number | null | undefined;
  format: OddsFormat;
}) {
  if (!move) return null;
  const was = formatPrice(before ?? null, format);
  return (
    <span
      className={`ml-1 inline-block w-3 text-xs ${move === 'up' ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400'}`}
      data-testid={`odds-move-${move}`}
    >
      <span aria-hidden="true">{move === 'up' ? '▲' : '▼'}</span>
      <span className="sr-only">{move === 'up' ? `, up from ${was}` : `, down from ${was}`}</span>
    </span>
  );
}

function MarketCard({
  market,
  format,
  previous,
  happened,
}: {
  market: MarketView;
  format: OddsFormat;
  previous: Map<string, number | null> | null;
  /** At full time: the outcomes that came true, keyed as `previous` is. */
  happened: Set<string> | null;
}) {
  const titleId = useId();
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-800" data-market={market.key}>
      <h3 id={titleId} className="text-sm font-semibold">
        {market.title}
      </h3>
      {market.note ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{market.note}</p> : null}
      <table className="mt-2 w-full text-sm" aria-labelledby={titleId}>
        <thead>
          <tr className="text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="pb-1 text-left font-normal">
              Outcome
            </th>
            <th scope="col" className="pb-1 text-right font-normal">
              Chance
            </th>
            <th scope="col" className="pb-1 pl-2 text-right font-normal">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {market.rows.map((row) => {
            const key = `${market.key}/${row.key}`;
            const before = previous?.get(key);
            const won = happened?.has(key) ?? false;
            return (
              <tr
                key={row.key}
                className="border-t border-slate-100 dark:border-slate-800"
                data-outcome={row.key}
                data-price={row.outcome.price ?? ''}
              >
                <th scope="row" className="py-1 pr-2 text-left font-normal break-words">
                  {row.label}
                  {won ? (
                    <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100">
                      Happened
                    </span>
                  ) : null}
                </th>
                <td className="py-1 text-right tabular-nums text-slate-700 dark:text-slate-300">
                  {formatPercent(row.outcome.p)}
                </td>
                <td className="whitespace-nowrap py-1 pl-2 text-right font-semibold tabular-nums">
                  <span data-testid="odds-price">{formatPrice(row.outcome.price, format)}</span>
                  <Arrow move={priceMove(before, row.outcome.price)} before={before} format={format} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function MarketGrid(props: {
  markets: OddsMarkets;
  teams: Teams;
  format: OddsFormat;
  previous: Map<string, number | null> | null;
  happened: Set<string> | null;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {describeMarkets(props.markets, props.teams).map((market) => (
        <MarketCard
          key={market.key}
          market={market}
          format={props.format}
          previous={props.previous}
          happened={props.happened}
        />
      ))}
    </div>
  );
}

/** The markets and the ones before them, for the arrows: kept across renders, moved on by each new set. */
function usePriceHistory(markets: OddsMarkets, firstBefore: OddsMarkets | null) {
  const [history, setHistory] = useState(() => ({
    current: markets,
    previous: firstBefore ? pricesOf(firstBefore) : null,
  }));
  if (history.current !== markets) setHistory({ current: markets, previous: pricesOf(history.current) });
  return history.previous;
}

function OddsPanel({
  match,
  data,
  live,
  format,
  onFormat,
  onHide,
}: {
  match: MatchSummary;
  data: OddsPageData & { odds: NonNullable<OddsPageData['odds']> };
  live: LiveOdds | null;
  format: OddsFormat;
  onFormat: (format: OddsFormat) => void;
  onHide: () => void;
}) {
  const hydrated = useHydrated();
  const signedIn = useSignedInUser() !== null;
  const formatId = useId();
  const teams = { home: match.home.shortName, away: match.away.shortName };
  const { odds } = data;
  const inPlay = live !== null && !live.settled;
  const settled = live?.settled === true;
  // In play: the live markets, their arrows against the last set seen (on arrival, against kick-off's).
  // Otherwise the pre-match markets; at full time the outcomes that came true are marked on them.
  const shown = inPlay ? live.markets : odds.preMatch.markets;
  const previous = usePriceHistory(shown, inPlay ? odds.preMatch.markets : null);
  const happened = settled
    ? new Set(
        [...pricesOf(live.markets).keys()].filter((key) => {
          const [market, outcome] = key.split('/') as [keyof OddsMarkets, string];
          return (live.markets[market] as Record<string, { p: number }>)[outcome]?.p === 1;
        }),
      )
    : null;
  const margin = marginOf(odds.preMatch.markets);
  return (
    <section aria-labelledby="odds-title" className={SECTION} data-testid="odds-panel">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="odds-title" className="text-lg font-semibold">
          Model odds
        </h2>
        <span
          className="rounded-full border border-slate-500 px-2 py-0.5 text-xs font-bold text-slate-700 dark:text-slate-300"
          title="Adults only"
        >
          18+
        </span>
      </div>
      <p className="mt-1 text-sm font-semibold text-slate-800 dark:text-slate-200" data-testid="odds-label">
        Model odds — not a bookmaker&rsquo;s offer
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        18+ only. A statistical model&rsquo;s chances, for information: Scoreline takes no bets and links to no
        bookmaker. If betting stops being fun, free and confidential help is there for you.
      </p>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="odds-status">
        {inPlay
          ? live.extraTime
            ? `In play, extra time, ${live.minute}\u2032: every market is on the result after extra time; a draw means penalties decide.`
            : `In play, ${live.minute}\u2032: the chances for the rest of the match, updated with every goal and red card.`
          : settled
            ? `Full time${live.extraTime ? ' after extra time' : ''}. The model’s odds before kick-off, from results up to ${odds.model.trainedUntil} only; what happened is marked.`
            : match.status === 'scheduled'
              ? `Before kick-off, from results up to ${odds.model.trainedUntil}.`
              : `The odds before kick-off, from results up to ${odds.model.trainedUntil}; the in-play odds come with the next update.`}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label htmlFor={formatId} className="text-sm font-semibold">
          Price format
        </label>
        <select
          id={formatId}
          value={format}
          disabled={!hydrated}
          onChange={(event) => onFormat(event.target.value as OddsFormat)}
          className="rounded-md border border-slate-400 bg-white px-2 py-1 text-sm disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900"
        >
          {ODDS_FORMATS.map((option) => (
            <option key={option} value={option}>
              {ODDS_FORMAT_LABELS[option]}
            </option>
          ))}
        </select>
        <button type="button" className={BUTTON} disabled={!hydrated} onClick={onHide}>
          Hide odds
        </button>
      </div>
      {signedIn ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="odds-follows-account">
          {FOLLOWS_ACCOUNT}
        </p>
      ) : null}
      <div className="mt-4" data-testid={inPlay ? 'odds-live' : 'odds-pre-match'}>
        <MarketGrid
          markets={shown}
          teams={teams}
          format={format}
          previous={settled ? null : previous}
          happened={happened}
        />
      </div>
      {inPlay ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium text-slate-700 dark:text-slate-300">
            Odds before kick-off
          </summary>
          <div className="mt-3">
            <MarketGrid markets={odds.preMatch.markets} teams={teams} format={format} previous={null} happened={null} />
          </div>
        </details>
      ) : null}
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400" data-testid="odds-model">
        {odds.model.name}, fitted on the competition&rsquo;s results up to {odds.model.trainedUntil}.{' '}
        {margin === 0
          ? 'Fair prices: 1 ÷ the chance, with no margin added.'
          : margin !== null
            ? `Prices include a margin of about ${(margin * 100).toFixed(1)}%.`
            : ''}{' '}
        A finished match&rsquo;s odds before kick-off use only results from before its day.
      </p>
    </section>
  );
}

/** Where the settings are kept, as a signed-in visitor is told: they follow the account. */
const FOLLOWS_ACCOUNT = 'Saved to your account: your other devices follow when they next load a page.';

function HiddenNotice({ onShow, busy }: { onShow: () => void; busy: boolean }) {
  const hydrated = useHydrated();
  const signedIn = useSignedInUser() !== null;
  return (
    <section aria-labelledby="odds-hidden-title" className={SECTION} data-testid="odds-hidden">
      <h2 id="odds-hidden-title" className="sr-only">
        Model odds
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {signedIn
            ? 'Model odds are hidden for your account, on every device.'
            : 'Model odds are hidden on this device.'}
        </p>
        <button type="button" className={BUTTON} disabled={!hydrated || busy} onClick={onShow}>
          Show model odds
        </button>
      </div>
    </section>
  );
}

export function OddsSections({ match, data, live, points }: OddsSectionsProps) {
  const [preferences, change] = useOddsPreferences(data.preferences);
  const revalidator = useRevalidator();
  // The loader read no odds for a visitor who hid them: shown again (here, or by the account's settings
  // arriving from another device), they are read now.
  const needsOdds = !preferences.hidden && data.odds === null && data.preferences.hidden;
  const idle = revalidator.state === 'idle';
  useEffect(() => {
    if (needsOdds && idle) void revalidator.revalidate();
  }, [needsOdds, idle, revalidator]);
  if (preferences.hidden)
    return <HiddenNotice busy={revalidator.state === 'loading'} onShow={() => change({ hidden: false })} />;
  if (data.odds === null) {
    if (data.preferences.hidden)
      return <p className="text-sm text-slate-600 md:col-span-2 dark:text-slate-400">Loading model odds…</p>;
    return (
      <section aria-labelledby="odds-title" className={SECTION} data-testid="odds-none">
        <h2 id="odds-title" className="text-lg font-semibold">
          Model odds
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          The model has no odds for this match: it needs earlier results of this competition to rate the teams.
        </p>
      </section>
    );
  }
  const teams = { home: match.home.shortName, away: match.away.shortName };
  const endMinute = live?.minute ?? points.at(-1)?.minute ?? 0;
  return (
    <>
      <OddsPanel
        match={match}
        data={{ ...data, odds: data.odds }}
        live={live}
        format={preferences.format}
        onFormat={(format) => change({ format })}
        onHide={() => change({ hidden: true })}
      />
      {points.length > 0 && match.status !== 'scheduled' ? (
        <section aria-labelledby="win-probability-title" className={SECTION}>
          <h2 id="win-probability-title" className="mb-3 text-lg font-semibold">
            Win probability
          </h2>
          <WinProbabilityGraph
            points={points}
            teams={teams}
            endMinute={endMinute}
            finished={match.status === 'finished' || live?.settled === true}
          />
        </section>
      ) : null}
    </>
  );
}
