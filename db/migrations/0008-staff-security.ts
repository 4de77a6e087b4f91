// Staff sign-in security (issue #20): the TOTP time step each account last
// signed in with, so a code is accepted once (RFC 6238 §5.2: "the verifier
// MUST NOT accept the second attempt of the same OTP"), and the staff policy —
// one row, for now only whether every staff member must use two-factor sign-in.
// Only additions: a node running the previous version ignores them.
import { sql } from 'kysely';
import { refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const staffSecurityMigration: ScorelineMigration = {
  name: '0008-staff-security',
  async up(db, engine) {
    const ts = timestampType(engine);
    // floor(unix time / 30) of the last accepted code; 2^31 steps last until the year 4010.
    await db.schema.alterTable('user_account').addColumn('totp_last_step', 'integer').execute();

    await db.schema
      .createTable('staff_policy')
      // Always 1: one policy per installation; the check keeps it one row.
      .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
      .addColumn('require_two_factor', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_at', ts)
      .addColumn('updated_by', refType(engine)) // no foreign key: the setting outlives an erased admin
      .execute();
    await db.insertInto('staff_policy').values({ id: 1, require_two_factor: 0 }).execute();
  },
};
