// Betting content site-wide (issue #24): the CMS's switch (scope cms:odds) and the margin on prices. Every
// node keeps them in memory, read on first use; a save tells every node on the bus (`odds` notice) and each
// reads them again, and a copy older than a minute is read again anyway (a missed notice delays a change,
// never loses it) — as the site settings do (server/modules/site/settings.service.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DatabaseEngine } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { afterCommit } from '../../../db/transaction.ts';
import type { NoticeBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { lockOddsSetting, readOddsSetting, writeOddsSetting, type OddsSettingRow } from './odds.queries.ts';
import type { OddsSettingsChange, OddsSettingsView } from './odds.schemas.ts';

export const ODDS_SETTINGS_MAX_AGE_MS = 60_000;

/** What a save changed, field by field (for the audit log). */
export interface OddsSettingsDiff {
  before: Partial<Record<'enabled' | 'margin', unknown>>;
  after: Partial<Record<'enabled' | 'margin', unknown>>;
}

export interface OddsSettings {
  /** False when staff switched betting content off: no panel anywhere, the odds API answers 404 odds_disabled. */
  enabled(): Promise<boolean>;
  /** The margin on prices in effect (a fraction). */
  margin(): Promise<number>;
  view(): Promise<OddsSettingsView>;
  /**
   * Applies a checked change in the caller's transaction (opened with inTransaction), the stored row locked:
   * concurrent saves apply one after the other. This node uses the result once it commits; every node is told.
   */
  save(trx: Transaction<Database>, change: OddsSettingsChange, by: number): Promise<OddsSettingsDiff>;
  /** Reads them again now (what a notice does). */
  refresh(): Promise<void>;
}

interface State {
  row: OddsSettingRow | null;
  readAt: number;
}

const toBp = (margin: number) => Math.round(margin * 10_000);

export function createOddsSettings(deps: {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  bus: NoticeBus;
  clock: Clock;
  logger: Logger;
  /** ODDS_MARGIN. */
  defaultMargin: number;
}): OddsSettings {
  const { db, engine, bus, clock, logger, defaultMargin } = deps;
  let state: State | null = null;
  let generation = 0;
  let reading: Promise<void> | null = null;
  let stale = false;

  function refresh(): Promise<void> {
    stale = true;
    reading ??= (async () => {
      try {
        while (stale) {
          stale = false;
          const mine = generation;
          const row = await readOddsSetting(db);
          if (mine === generation) state = { row, readAt: clock.now().getTime() };
        }
      } catch (error) {
        logger.warn({ err: error }, 'odds settings: read failed (keeping the previous values)');
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  bus.onNotice('odds', () => void refresh());

  async function current(): Promise<OddsSettingRow | null> {
    if (state === null) await refresh();
    else if (clock.now().getTime() - state.readAt > ODDS_SETTINGS_MAX_AGE_MS) void refresh();
    return state?.row ?? null;
  }

  const marginOf = (row: OddsSettingRow | null) => (row?.marginBp == null ? defaultMargin : row.marginBp / 10_000);

  function viewOf(row: OddsSettingRow | null): OddsSettingsView {
    return {
      enabled: row?.enabled ?? true,
      margin: marginOf(row),
      defaultMargin,
      marginOverridden: row?.marginBp != null,
      updatedAt: row?.updatedBy == null ? null : row.updatedAt,
    };
  }

  return {
    enabled: async () => (await current())?.enabled ?? true,
    margin: async () => marginOf(await current()),
    view: async () => viewOf(await current()),

    async save(trx, change, by) {
      const at = clock.now();
      const stored = await lockOddsSetting(trx, engine, { at });
      const enabled = change.enabled ?? stored.enabled;
      // A margin equal to the environment's is stored as none: it follows ODDS_MARGIN from then on.
      const marginBp =
        change.margin === undefined
          ? stored.marginBp
          : change.margin === null || toBp(change.margin) === toBp(defaultMargin)
            ? null
            : toBp(change.margin);
      const diff: OddsSettingsDiff = { before: {}, after: {} };
      if (enabled !== stored.enabled) {
        diff.before.enabled = stored.enabled;
        diff.after.enabled = enabled;
      }
      if (marginOf({ ...stored, marginBp }) !== marginOf(stored) || marginBp !== stored.marginBp) {
        diff.before.margin = stored.marginBp === null ? null : stored.marginBp / 10_000;
        diff.after.margin = marginBp === null ? null : marginBp / 10_000;
      }
      if (Object.keys(diff.after).length === 0) return diff;
      await writeOddsSetting(trx, { enabled, marginBp, by, at });
      const row: OddsSettingRow = { enabled, marginBp, updatedAt: at.toISOString(), updatedBy: by };
      afterCommit(trx, () => {
        generation += 1;
        state = { row, readAt: clock.now().getTime() };
        bus.notify('odds');
      });
      return diff;
    },

    refresh,
  };
}
