// The staff area (issue #20): accounts that can be suspended (a moderator's ban,
// an admin disabling a staff member), two-factor sign-in for staff, invitations
// by mail, and the audit log of every staff write. Only additions: a node still
// running the previous version ignores the new columns and tables.
//
// The audit log is append-only in the database itself: triggers refuse every
// UPDATE, DELETE (and on PostgreSQL TRUNCATE), so no code path — a bug, a staff
// role, a script using the app's connection — can rewrite history.
import { sql } from 'kysely';
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const cmsStaffMigration: ScorelineMigration = {
  name: '0005-cms-staff',
  async up(db, engine) {
    const id = idType(engine);
    const ts = timestampType(engine);
    const primary = primaryId(engine);
    const ref = refType(engine);

    // Suspended accounts cannot sign in and their sessions end; the reason is shown to them.
    await db.schema.alterTable('user_account').addColumn('suspended_at', ts).execute();
    await db.schema.alterTable('user_account').addColumn('suspended_reason', 'text').execute();
    // TOTP: the shared secret, encrypted with a key derived from the session secret; set once confirmed.
    await db.schema.alterTable('user_account').addColumn('totp_secret', 'text').execute();
    await db.schema.alterTable('user_account').addColumn('totp_enabled_at', ts).execute();

    await db.schema
      .createTable('staff_recovery_code')
      .addColumn('id', id, primary)
      .addColumn('user_id', ref, (col) => col.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (col) => col.notNull()) // SHA-256, base64url
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('used_at', ts)
      .execute();
    await db.schema.createIndex('staff_recovery_code_user').on('staff_recovery_code').column('user_id').execute();

    await db.schema
      .createTable('staff_invite')
      .addColumn('id', id, primary)
      .addColumn('email', 'text', (col) => col.notNull()) // lower-cased
      .addColumn('role', 'text', (col) => col.notNull()) // moderator | editor | admin
      .addColumn('token_hash', 'text', (col) => col.notNull().unique()) // SHA-256, base64url
      .addColumn('invited_by', ref) // no foreign key: an invitation outlives an erased inviter
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('expires_at', ts, (col) => col.notNull())
      .addColumn('accepted_at', ts)
      .addColumn('revoked_at', ts)
      .execute();
    await db.schema.createIndex('staff_invite_email').on('staff_invite').column('email').execute();

    await db.schema
      .createTable('audit_entry')
      .addColumn('id', id, primary)
      // Ids only, no foreign keys: entries are kept when an account is erased.
      .addColumn('actor_id', ref, (col) => col.notNull())
      .addColumn('actor_role', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull()) // e.g. staff.invite, page.publish
      .addColumn('target_kind', 'text', (col) => col.notNull())
      .addColumn('target_id', 'text', (col) => col.notNull())
      .addColumn('changes', 'text', (col) => col.notNull()) // JSON { before, after } of the changed fields
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('audit_entry_time').on('audit_entry').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('audit_entry_actor').on('audit_entry').columns(['actor_id', 'created_at']).execute();
    await db.schema.createIndex('audit_entry_action').on('audit_entry').columns(['action', 'created_at']).execute();

    if (engine === 'postgres') {
      await sql`CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit_entry is append-only'; END $$`.execute(db);
      await sql`CREATE TRIGGER audit_entry_no_rewrite BEFORE UPDATE OR DELETE ON audit_entry
        FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only()`.execute(db);
      await sql`CREATE TRIGGER audit_entry_no_truncate BEFORE TRUNCATE ON audit_entry
        FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only()`.execute(db);
    } else {
      await sql`CREATE TRIGGER audit_entry_no_update BEFORE UPDATE ON audit_entry
        BEGIN SELECT RAISE(ABORT, 'audit_entry is append-only'); END`.execute(db);
      await sql`CREATE TRIGGER audit_entry_no_delete BEFORE DELETE ON audit_entry
        BEGIN SELECT RAISE(ABORT, 'audit_entry is append-only'); END`.execute(db);
    }
  },
};
