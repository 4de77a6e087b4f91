// One interface for every source of live data (issue #4, DESIGN.md §4): the
// demo replay, football-data.org, and whatever comes next. A provider only
// fetches and normalises; the pipeline (pipeline.ts) decides what changed.
import type { ProviderMatchSnapshot } from '../../domain/live-contracts.ts';

export interface LiveProvider {
  /** Stable name, stored with every match it created (`match.source`) and in source_ref. */
  readonly name: string;
  /** Every match of a UTC day (YYYY-MM-DD) the provider knows, in any state. */
  fixtures(date: string): Promise<ProviderMatchSnapshot[]>;
  /** The matches in play now. */
  liveSnapshot(): Promise<ProviderMatchSnapshot[]>;
  /** One match in full (events and stats where the provider has them). */
  matchDetail(externalId: string): Promise<ProviderMatchSnapshot>;
}

/** A provider refused or failed in a way the scheduler should wait out (rate limit, outage). */
export class ProviderUnavailableError extends Error {
  constructor(
    message: string,
    /** How long to wait before asking again, in milliseconds. */
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** A payload that does not match the provider's documented shape: rejected, logged, nothing stored. */
export class ProviderPayloadError extends Error {
  constructor(
    message: string,
    readonly issues: string[],
  ) {
    super(message);
    this.name = 'ProviderPayloadError';
  }
}
