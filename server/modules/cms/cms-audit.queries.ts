// The audit log's table (migration 0005): inserts and filtered pages, newest first.
// There is deliberately no update or delete here, and the database refuses both.
import type { Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { AuditEntry, AuditQuery } from './cms.schemas.ts';

type Db = Kysely<Database>;

export async function insertAuditEntry(
  db: Db,
  entry: {
    actorId: number;
    actorRole: string;
    action: string;
    targetKind: string;
    targetId: string;
    changes: { before: Record<string, unknown>; after: Record<string, unknown> };
    ip: string;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('audit_entry')
    .values({
      actor_id: entry.actorId,
      actor_role: entry.actorRole,
      action: entry.action,
      target_kind: entry.targetKind,
      target_id: entry.targetId,
      changes: JSON.stringify(entry.changes),
      ip: entry.ip,
      created_at: entry.at.toISOString(),
    })
    .execute();
}

/** Day bounds: `from` a date means from its start, `to` a date means to its end (UTC). */
function bound(value: string, end: boolean): string {
  if (value.includes('T')) return new Date(value).toISOString();
  return end ? new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString() : `${value}T00:00:00.000Z`;
}

/** One page of the log, newest first, filtered by actor, kind or action, and time; `cursor` is the last id seen. */
export async function listAuditEntries(db: Db, query: AuditQuery): Promise<AuditEntry[]> {
  let select = db
    .selectFrom('audit_entry as a')
    .leftJoin('user_account as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.actor_id',
      'a.actor_role',
      'a.action',
      'a.target_kind',
      'a.target_id',
      'a.changes',
      'a.ip',
      'a.created_at',
      'u.display_name',
    ])
    .orderBy('a.id', 'desc')
    .limit(query.limit);
  if (query.actor !== undefined) select = select.where('a.actor_id', '=', query.actor);
  if (query.kind !== undefined) {
    const kind = query.kind;
    select = kind.includes('.')
      ? select.where('a.action', '=', kind)
      : select.where((eb) => eb.or([eb('a.action', '=', kind), eb('a.action', 'like', `${kind}.%`)]));
  }
  if (query.from !== undefined) select = select.where('a.created_at', '>=', bound(query.from, false));
  if (query.to !== undefined) select = select.where('a.created_at', '<', bound(query.to, true));
  if (query.cursor !== undefined) select = select.where('a.id', '<', query.cursor);
  const rows = await select.execute();
  return rows.map((row) => {
    const changes = JSON.parse(row.changes) as AuditEntry['changes'];
    return {
      id: Number(row.id),
      actor: { id: Number(row.actor_id), role: row.actor_role, displayName: row.display_name ?? null },
      action: row.action,
      target: { kind: row.target_kind, id: row.target_id },
      changes,
      ip: row.ip,
      createdAt: toIsoString(row.created_at),
    };
  });
}
