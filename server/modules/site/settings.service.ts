// Site settings (issue #20): the site name, support email, social links,
// analytics id and announcement banner in effect — the environment's values
// (server/platform/config.ts), overridden field by field by what staff saved in
// the CMS (the site_setting table).
//
// Every node keeps them in memory, read from the database on first use. A
// save tells every node on the bus (server/platform/bus.ts: Redis with
// REDIS_URL, in-process otherwise) and each reads them again, so a change takes
// effect everywhere without a restart; the saving node uses the new values at
// once. Redis pub/sub delivers at most once: a node re-reads after a
// reconnect, and anyway when its copy is a minute old (a missed notice can
// delay a change by that much, never lose it). Decision 021.
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { afterCommit } from '../../../db/transaction.ts';
import type { Database } from '../../../db/schema.ts';
import type { NoticeBus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { publicConfig, type Config, type PublicConfig } from '../../platform/config.ts';
import { deleteSetting, listSettingRows, upsertSetting, type SettingRow } from './settings.queries.ts';
import { SETTING_FIELDS, type SettingField } from '../../../domain/site-settings.ts';
import { activeAnnouncement, type Announcement, type SiteSettings, type SiteSettingsView } from './settings.schemas.ts';

/** A node's copy is read again on the next use once it is this old, notice or not. */
export const SETTINGS_MAX_AGE_MS = 60_000;

type Values = Partial<Record<SettingField, string | null>>;

export interface SiteSettingsService {
  /** The settings in effect on this node. */
  current(): Promise<SiteSettings>;
  /** The last settings read, without waiting (the environment's until the first read). */
  snapshot(): SiteSettings;
  /** The settings in effect, the environment's defaults, and which fields staff overrode. */
  view(): Promise<SiteSettingsView>;
  /** What pages may show of the configuration (STYLE.md §3), with the settings in effect. */
  publicConfig(): Promise<PublicConfig>;
  /** The settings the database holds, read in `trx` (what a change builds on). */
  read(trx: Kysely<Database>): Promise<SiteSettings>;
  /** The announcement banner, when one runs at `now`. */
  announcement(now: Date): Promise<Announcement | null>;
  /**
   * Stores checked settings in the caller's transaction (opened with inTransaction): a field equal to the
   * environment's default is stored as no override. Once it commits, this node uses them and every node
   * is told. Returns the fields that changed, before and after.
   */
  save(trx: Transaction<Database>, settings: SiteSettings, by: number): Promise<{ before: Values; after: Values }>;
  /** Reads them again now (what a notice does). */
  refresh(): Promise<void>;
}

/** The environment's values (server/platform/config.ts): what a field without an override takes. */
export function settingsFromConfig(
  config: Pick<Config, 'SITE_NAME' | 'SITE_EMAIL_SUPPORT' | 'SOCIAL_TELEGRAM_URL' | 'SOCIAL_TWITTER_URL' | 'SOCIAL_FACEBOOK_URL' | 'ANALYTICS_GTM_ID'>,
): SiteSettings {
  return {
    siteName: config.SITE_NAME,
    supportEmail: config.SITE_EMAIL_SUPPORT,
    telegramUrl: config.SOCIAL_TELEGRAM_URL ?? null,
    twitterUrl: config.SOCIAL_TWITTER_URL ?? null,
    facebookUrl: config.SOCIAL_FACEBOOK_URL ?? null,
    analyticsId: config.ANALYTICS_GTM_ID ?? null,
    bannerText: null,
    bannerLink: null,
    bannerFrom: null,
    bannerUntil: null,
  };
}

interface State {
  settings: SiteSettings;
  overridden: SettingField[];
  updatedAt: string | null;
  /** When it was read (clock ms). */
  readAt: number;
  /** The public configuration with these settings, made on first use. */
  public?: PublicConfig;
}

const isField = (key: string): key is SettingField => (SETTING_FIELDS as readonly string[]).includes(key);

export function createSiteSettingsService(deps: {
  db: Kysely<Database>;
  config: Config;
  bus: NoticeBus;
  clock: Clock;
  logger: Logger;
}): SiteSettingsService {
  const { db, bus, clock, logger } = deps;
  const defaults = settingsFromConfig(deps.config);
  const basePublic = publicConfig(deps.config);
  const initial: State = { settings: defaults, overridden: [], updatedAt: null, readAt: 0 };
  let state: State | null = null;
  /** Bumped by a save applied here: a read that started before it must not replace it. */
  let generation = 0;
  let reading: Promise<void> | null = null;
  let stale = false;

  function stateFrom(rows: readonly SettingRow[]): State {
    const settings: SiteSettings = { ...defaults };
    const overridden: SettingField[] = [];
    let updatedAt: string | null = null;
    for (const row of rows) {
      if (!isField(row.key)) continue;
      // The name and the address are never "none": a row saying so (not written by this version) is ignored.
      if (row.value === null && (row.key === 'siteName' || row.key === 'supportEmail')) continue;
      (settings as Record<SettingField, string | null>)[row.key] = row.value;
      overridden.push(row.key);
      if (updatedAt === null || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
    }
    return { settings, overridden, updatedAt, readAt: clock.now().getTime() };
  }

  function refresh(): Promise<void> {
    stale = true;
    reading ??= (async () => {
      try {
        // A notice that comes while reading makes it read once more: the first read may have missed the change.
        while (stale) {
          stale = false;
          const mine = generation;
          const rows = await listSettingRows(db);
          if (mine === generation) state = stateFrom(rows);
        }
      } catch (error) {
        logger.warn({ err: error }, 'site settings: read failed (keeping the previous values)');
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  bus.onNotice('settings', () => void refresh());

  async function current(): Promise<State> {
    if (state === null) await refresh();
    else if (clock.now().getTime() - state.readAt > SETTINGS_MAX_AGE_MS) void refresh();
    return state ?? initial;
  }

  return {
    current: async () => (await current()).settings,
    snapshot: () => (state ?? initial).settings,

    async view() {
      const { settings, overridden, updatedAt } = await current();
      return { values: settings, defaults, overridden, updatedAt };
    },

    async publicConfig() {
      const now = await current();
      now.public ??= {
        ...basePublic,
        siteName: now.settings.siteName,
        supportEmail: now.settings.supportEmail,
        analyticsGtmId: now.settings.analyticsId,
        social: { telegram: now.settings.telegramUrl, twitter: now.settings.twitterUrl, facebook: now.settings.facebookUrl },
      };
      return now.public;
    },

    async read(trx) {
      return stateFrom(await listSettingRows(trx)).settings;
    },

    async announcement(now) {
      return activeAnnouncement((await current()).settings, now);
    },

    async save(trx, settings, by) {
      const at = clock.now();
      const stored = new Map((await listSettingRows(trx)).map((row) => [row.key, row]));
      const before = stateFrom([...stored.values()]).settings;
      const changes = { before: {} as Values, after: {} as Values };
      for (const field of SETTING_FIELDS) {
        const value = settings[field];
        const row = stored.get(field);
        if (value === defaults[field]) {
          if (row) await deleteSetting(trx, field);
        } else if (!row || row.value !== value) {
          await upsertSetting(trx, { key: field, value, by, at });
        }
        if (before[field] !== value) {
          changes.before[field] = before[field];
          changes.after[field] = value;
        }
      }
      const overridden = SETTING_FIELDS.filter((field) => settings[field] !== defaults[field]);
      afterCommit(trx, () => {
        generation += 1;
        state = { settings, overridden, updatedAt: at.toISOString(), readAt: clock.now().getTime() };
        bus.notify('settings');
      });
      return changes;
    },

    refresh,
  };
}
