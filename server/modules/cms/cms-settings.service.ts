// The CMS's site settings screen (issue #20): site name, support email, social
// links, analytics id and the announcement banner. The settings belong to the
// site module (server/modules/site/settings.service.ts), which stores them,
// keeps every node's copy fresh over the bus and hands them to the pages; this
// service checks a change against the settings in the database, saves it and
// audits the fields that changed, in one transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { SiteSettingsService } from '../site/settings.service.ts';
import { siteSettingsChangeSchema, siteSettingsSchema, type SiteSettingsView } from '../site/settings.schemas.ts';
import type { AuditLog } from './cms-audit.service.ts';
import { invalidInput, type CmsResult } from './cms-results.ts';
import type { CmsActor } from './cms.schemas.ts';

export interface CmsSettingsService {
  view(): Promise<SiteSettingsView>;
  /** The fields given replace those in effect (empty or null: none); the result is checked as a whole. */
  change(actor: CmsActor, input: unknown): Promise<CmsResult<{ settings: SiteSettingsView; changed: string[] }>>;
}

export function createCmsSettingsService(deps: {
  db: Kysely<Database>;
  siteSettings: SiteSettingsService;
  audit: AuditLog;
}): CmsSettingsService {
  const { db, siteSettings, audit } = deps;
  return {
    view: () => siteSettings.view(),

    async change(actor, input) {
      const change = siteSettingsChangeSchema.safeParse(input);
      if (!change.success) return invalidInput(change.error);
      const result = await inTransaction(db, async (trx): Promise<CmsResult<{ changed: string[] }>> => {
        // Merged with what the database holds now, not this node's copy: a field left out of the change
        // keeps the value another admin may just have saved on another node.
        const merged = siteSettingsSchema.safeParse({ ...(await siteSettings.read(trx)), ...change.data });
        if (!merged.success) return invalidInput(merged.error);
        const { before, after } = await siteSettings.save(trx, merged.data, actor.id);
        const changed = Object.keys(after);
        if (changed.length > 0) {
          await audit.record(trx, actor, {
            action: 'settings.change',
            target: { kind: 'settings', id: 'site' },
            before,
            after,
          });
        }
        return { ok: true, changed };
      });
      if (!result.ok) return result;
      return { ok: true, changed: result.changed, settings: await siteSettings.view() };
    },
  };
}
