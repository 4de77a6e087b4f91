// The CMS's odds screen (issue #24, scope cms:odds): the site-wide switch that hides all betting content,
// and the margin on prices. The settings belong to the odds module (server/modules/odds/odds.settings.ts),
// which stores them and keeps every node's copy fresh; this service checks a change, saves it and audits
// what changed, in one transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { OddsService } from '../odds/odds.service.ts';
import { oddsSettingsChangeSchema, type OddsSettingsView } from '../odds/odds.schemas.ts';
import type { AuditLog } from './cms-audit.service.ts';
import { invalidInput, type CmsResult } from './cms-results.ts';
import type { CmsActor } from './cms.schemas.ts';

export interface CmsOddsService {
  view(): Promise<OddsSettingsView>;
  /** The fields given replace those in effect (`margin: null`: back to ODDS_MARGIN). */
  change(actor: CmsActor, input: unknown): Promise<CmsResult<{ settings: OddsSettingsView; changed: string[] }>>;
}

export function createCmsOddsService(deps: {
  db: Kysely<Database>;
  odds: Pick<OddsService, 'settings'>;
  audit: AuditLog;
}): CmsOddsService {
  const { db, odds, audit } = deps;
  return {
    view: () => odds.settings.view(),

    async change(actor, input) {
      const change = oddsSettingsChangeSchema.safeParse(input);
      if (!change.success) return invalidInput(change.error);
      const changed = await inTransaction(db, async (trx) => {
        const { before, after } = await odds.settings.save(trx, change.data, actor.id);
        const fields = Object.keys(after);
        if (fields.length > 0) {
          await audit.record(trx, actor, {
            action: 'odds.settings',
            target: { kind: 'odds', id: 'site' },
            before,
            after,
          });
        }
        return fields;
      });
      return { ok: true, changed, settings: await odds.settings.view() };
    },
  };
}
