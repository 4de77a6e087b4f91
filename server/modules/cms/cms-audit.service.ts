// The audit log (issue #20): every staff write — who, with which role, what,
// on what, the fields before and after, when, from where. Each CMS service
// records its entry in the transaction of the write it describes, so a write
// without its entry (or an entry for a write that rolled back) cannot exist.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { insertAuditEntry, listAuditEntries } from './cms-audit.queries.ts';
import { auditQuerySchema, type AuditPage, type AuditQuery, type CmsActor } from './cms.schemas.ts';

type Db = Kysely<Database>;
type Values = Record<string, unknown>;

export interface AuditRecord {
  /** `<kind>.<verb>`, e.g. `staff.role`, `page.publish`. */
  action: string;
  target: { kind: string; id: string | number };
  before?: Values;
  after?: Values;
}

export interface AuditLog {
  /** Writes the entry in `trx`, the transaction of the change it describes. */
  record(trx: Db, actor: CmsActor, entry: AuditRecord): Promise<void>;
  list(query: AuditQuery): Promise<AuditPage>;
  /** For the CMS page: filters as the address bar has them; unreadable ones show the whole log and say so. */
  listFromParams(params: Record<string, string>): Promise<{ page: AuditPage; invalid: boolean }>;
}

/**
 * The fields that differ, each side with its own value: an edit of one field
 * out of twenty stores one. Fields only one side has count as changed.
 */
export function changedFields(before: Values = {}, after: Values = {}): { before: Values; after: Values } {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes = { before: {} as Values, after: {} as Values };
  for (const key of keys) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (key in before) changes.before[key] = before[key];
    if (key in after) changes.after[key] = after[key];
  }
  return changes;
}

export function createAuditLog(deps: { db: Db; clock: Clock }): AuditLog {
  async function list(query: AuditQuery): Promise<AuditPage> {
    const entries = await listAuditEntries(deps.db, query);
    const last = entries.at(-1);
    return { entries, nextCursor: entries.length === query.limit && last ? last.id : null };
  }

  return {
    async record(trx, actor, entry) {
      await insertAuditEntry(trx, {
        actorId: actor.id,
        actorRole: actor.role,
        action: entry.action,
        targetKind: entry.target.kind,
        targetId: String(entry.target.id),
        changes: changedFields(entry.before, entry.after),
        ip: actor.ip,
        at: deps.clock.now(),
      });
    },

    list,

    async listFromParams(params) {
      const parsed = auditQuerySchema.safeParse(params);
      return { page: await list(parsed.success ? parsed.data : auditQuerySchema.parse({})), invalid: !parsed.success };
    },
  };
}
