// Accounts (issue #6, DESIGN.md §6): users with a role, refresh-token families
// whose tokens are stored only as hashes, sign-in attempts for throttling,
// single-use password reset tokens, the mail outbox, linked OpenID Connect
// identities and favourites. Nothing secret is stored in the clear.
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const accountsMigration: ScorelineMigration = {
  name: '0004-accounts',
  async up(db, engine) {
    const id = idType(engine);
    const ts = timestampType(engine);
    const primary = primaryId(engine);
    const ref = refType(engine);

    // `user` is reserved in PostgreSQL, hence user_account.
    await db.schema
      .createTable('user_account')
      .addColumn('id', id, primary)
      .addColumn('email', 'text', (col) => col.notNull().unique()) // stored lower-cased
      .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('display_name', 'text', (col) => col.notNull())
      .addColumn('phone', 'text') // E.164 when given
      .addColumn('password_hash', 'text') // argon2id PHC string; null for social-only accounts
      .addColumn('role', 'text', (col) => col.notNull().defaultTo('user')) // user | editor | admin
      .addColumn('plan', 'text', (col) => col.notNull().defaultTo('free'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();

    // One family per sign-in (a "session"): every rotation stays in it, so reuse
    // of a rotated token can revoke the whole line (RFC 9700 §4.14.2).
    await db.schema
      .createTable('refresh_token_family')
      .addColumn('id', id, primary)
      .addColumn('user_id', ref, (col) => col.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('user_agent', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('last_used_at', ts, (col) => col.notNull())
      .addColumn('revoked_at', ts)
      .addColumn('revoked_reason', 'text') // logout | revoked | everywhere | reuse | password
      .execute();
    await db.schema
      .createIndex('refresh_token_family_user')
      .on('refresh_token_family')
      .columns(['user_id', 'revoked_at'])
      .execute();

    await db.schema
      .createTable('refresh_token')
      .addColumn('id', id, primary)
      .addColumn('family_id', ref, (col) => col.notNull().references('refresh_token_family.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique()) // SHA-256, base64url
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('expires_at', ts, (col) => col.notNull())
      .addColumn('rotated_at', ts) // set once it has been exchanged; a second use is reuse
      .execute();

    await db.schema
      .createTable('login_attempt')
      .addColumn('id', id, primary)
      .addColumn('email_key', 'text', (col) => col.notNull())
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('succeeded', 'integer', (col) => col.notNull())
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('login_attempt_email')
      .on('login_attempt')
      .columns(['email_key', 'created_at'])
      .execute();
    await db.schema.createIndex('login_attempt_ip').on('login_attempt').columns(['ip', 'created_at']).execute();

    await db.schema
      .createTable('password_reset_token')
      .addColumn('id', id, primary)
      .addColumn('user_id', ref, (col) => col.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('expires_at', ts, (col) => col.notNull())
      .addColumn('used_at', ts)
      .execute();

    // Mail that was not handed to an SMTP server (none configured, or it failed):
    // the staff read it in the CMS.
    await db.schema
      .createTable('outbox_mail')
      .addColumn('id', id, primary)
      .addColumn('to_address', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('text_body', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull()) // password-reset | …
      .addColumn('error', 'text') // why SMTP delivery failed, when it did
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('outbox_mail_to').on('outbox_mail').columns(['to_address', 'created_at']).execute();

    await db.schema
      .createTable('oidc_identity')
      .addColumn('id', id, primary)
      .addColumn('user_id', ref, (col) => col.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('issuer', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('email', 'text')
      .addColumn('created_at', ts, (col) => col.notNull())
      .addUniqueConstraint('oidc_identity_issuer_subject', ['issuer', 'subject'])
      .execute();

    await db.schema
      .createTable('user_favourite')
      .addColumn('user_id', ref, (col) => col.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull()) // team | competition | match
      .addColumn('ref', 'text', (col) => col.notNull()) // the team/match id or competition code
      .addColumn('label', 'text', (col) => col.notNull())
      .addColumn('created_at', ts, (col) => col.notNull())
      .addPrimaryKeyConstraint('user_favourite_pk', ['user_id', 'kind', 'ref'])
      .execute();
  },
};
