// Kysely table types. Timestamps are stored as ISO-8601 UTC strings on SQLite
// and timestamptz on PostgreSQL; the query layer normalises both to strings
// (see `toIsoString` in db/client.ts).
import type { ColumnType, Generated } from 'kysely';

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  topic: string;
  message: string;
  created_at: string | Date;
  /** The inbox (migration 0009, issue #20): first opened by staff; marked handled, and by whom (an id, no foreign key). */
  read_at: Generated<string | Date | null>;
  handled_at: Generated<string | Date | null>;
  handled_by: Generated<number | string | null>;
}

/** A staff reply to a contact message, mailed to its sender (migration 0009). */
export interface ContactReplyTable {
  id: Generated<number>;
  message_id: number | string;
  body: string;
  sent_by: number | string;
  created_at: string | Date;
  /** 'smtp' | 'outbox' once handed to the mailer. */
  delivery: string | null;
}

/** Static pages managed by staff in the CMS, served at /{slug}. */
export interface PageTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string;
  body: string;
  published: number;
  updated_at: string | Date;
  /** When a published page becomes public; null: at once (migration 0007). */
  publish_at: Timestamp | null;
  /** Null for pages older than migration 0007 that were never saved again. */
  created_at: Timestamp | null;
  /** The number of its latest revision. */
  revision: Generated<number>;
}

/** Every saved version of a page's text (migration 0007, issue #20): history with restore. */
export interface PageRevisionTable {
  id: Generated<number>;
  page_id: Ref;
  /** 1, 2, 3… per page. */
  number: number;
  title: string;
  description: string;
  body: string;
  restored_from: number | null;
  /** The staff member who saved it; null for the revision migration 0007 made of an older page. */
  created_by: Ref | null;
  created_at: Timestamp;
}

type Id = Generated<number>;
/** A reference to another table's id (bigint on PostgreSQL arrives as a string; use Number()). */
type Ref = number | string;
type Timestamp = string | Date;

export interface SportTable {
  id: string;
  name: string;
}

export interface CompetitionTable {
  id: Id;
  code: string;
  sport_id: string;
  name: string;
  area_code: string | null;
  area_name: string;
  kind: 'league' | 'cup';
  tier: number | null;
  /** JSON of domain/standings.ts CompetitionRules. */
  rules: string;
  importance: number;
}

export interface SeasonTable {
  id: Id;
  competition_id: Ref;
  code: string;
  name: string;
  start_date: string | null;
  end_date: string | null;
  complete: number;
  synthetic: number;
}

export interface TeamTable {
  id: Id;
  name: string;
  short_name: string;
  code: string | null;
  kind: 'club' | 'national';
  country_code: string | null;
  city: string | null;
  stadium: string | null;
  founded: number | null;
  colour_primary: string;
  colour_secondary: string;
  search_key: string;
}

export interface TeamAliasTable {
  alias_key: string;
  kind: 'club' | 'national';
  team_id: Ref;
  alias: string;
}

export interface VenueTable {
  id: Id;
  name: string;
  city: string | null;
  country: string | null;
  capacity: number | null;
}

export interface PlayerTable {
  id: Id;
  name: string;
  short_name: string;
  birth_date: string | null;
  country: string | null;
  position: string | null;
}

export interface SquadMemberTable {
  season_id: Ref;
  team_id: Ref;
  player_id: Ref;
  shirt_number: number | null;
  position: string | null;
}

export interface MatchTable {
  id: Id;
  season_id: Ref;
  stage: string | null;
  round: string | null;
  group_name: string | null;
  kickoff_at: Timestamp;
  kickoff_time_known: number;
  home_team_id: Ref;
  away_team_id: Ref;
  venue_id: Ref | null;
  status: string;
  minute: number | null;
  home_score: number | null;
  away_score: number | null;
  home_score_ht: number | null;
  away_score_ht: number | null;
  home_score_et: number | null;
  away_score_et: number | null;
  home_score_pen: number | null;
  away_score_pen: number | null;
  has_events: number;
  source: string;
  updated_at: Timestamp;
  /** Demo replays: the stored match this row replays (migration 0003-live). */
  replay_of_match_id: Ref | null;
  /** domain/match-clock.ts MatchPhase; null for matches never seen live. */
  clock_phase: string | null;
  phase_started_at: Timestamp | null;
  clock_rate: Generated<number>;
  observed_at: Timestamp | null;
}

export interface MatchSideTable {
  match_id: Ref;
  team_id: Ref;
  side: 'home' | 'away';
  formation: string | null;
  coach: string | null;
}

export interface MatchEventTable {
  id: Id;
  match_id: Ref;
  seq: number;
  period: string;
  minute: number;
  added_minute: number | null;
  second: number | null;
  type: string;
  team_id: Ref | null;
  player_id: Ref | null;
  related_player_id: Ref | null;
  detail: string | null;
  /** The provider's key of this event (live pipeline); null for imported events. */
  source_key: string | null;
}

export interface MatchCommentaryTable {
  match_id: Ref;
  seq: number;
  source_key: string;
  period: string;
  minute: number;
  added_minute: number | null;
  kind: string;
  text: string;
}

export interface LiveEventTable {
  id: Id;
  topic: string;
  type: string;
  match_id: Ref | null;
  /** JSON of the event's data (domain/live-contracts.ts). */
  data: string;
  created_at: Timestamp;
}

export interface MatchLineupTable {
  match_id: Ref;
  team_id: Ref;
  player_id: Ref;
  shirt_number: number | null;
  position: string | null;
  starter: number;
  captain: number;
}

export interface MatchActionTable {
  match_id: Ref;
  seq: number;
  period: string;
  second: number;
  type: string;
  subtype: string | null;
  team_id: Ref | null;
  player_id: Ref | null;
  x: number | null;
  y: number | null;
  end_x: number | null;
  end_y: number | null;
  tags: string;
}

export interface MatchTeamStatsTable {
  match_id: Ref;
  team_id: Ref;
  shots: number;
  shots_on_target: number;
  possession: number;
  passes: number;
  passes_accurate: number;
  corners: number;
  fouls: number;
  offsides: number;
  yellow_cards: number;
  red_cards: number;
}

export interface MatchPlayerStatsTable {
  match_id: Ref;
  player_id: Ref;
  team_id: Ref;
  minutes: number;
  goals: number;
  assists: number;
  shots: number;
  shots_on_target: number;
  passes: number;
  passes_accurate: number;
  key_passes: number;
  duels: number;
  duels_won: number;
  fouls: number;
  yellow_cards: number;
  red_cards: number;
}

export interface PointAdjustmentTable {
  id: Id;
  season_id: Ref;
  team_id: Ref;
  points: number;
  reason: string;
  source: string;
  effective_date: string | null;
}

export interface SourceRefTable {
  source: string;
  kind: string;
  external_id: string;
  local_id: Ref;
}

export interface ImportRunTable {
  id: Id;
  step: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  status: 'running' | 'succeeded' | 'failed';
  summary: string | null;
}

/** A source file as it was last imported (migration 0006, issue #19): the data refresh imports only what differs. */
export interface DataFileTable {
  source: string;
  /** Below the source's folder: "football.json/2025-26/en.1.json". */
  path: string;
  /** SHA-256, hex. */
  sha256: string;
  imported_at: Timestamp;
}

// ---- Accounts (migration 0004, issue #6) ----------------------------------

export interface UserAccountTable {
  id: Id;
  /** Lower-cased. */
  email: string;
  email_verified: number;
  display_name: string;
  /** E.164 when given. */
  phone: string | null;
  /** argon2id PHC string; null for accounts that only sign in through OpenID Connect. */
  password_hash: string | null;
  role: 'user' | 'moderator' | 'editor' | 'admin';
  plan: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A moderator's ban or an admin disabling a staff account (migration 0005, issue #20): no sign-in, no sessions. */
  suspended_at: Generated<Timestamp | null>;
  suspended_reason: Generated<string | null>;
  /** TOTP secret, encrypted (AES-256-GCM under a key derived from the session secret). */
  totp_secret: Generated<string | null>;
  totp_enabled_at: Generated<Timestamp | null>;
  /** The TOTP time step of the last accepted code (migration 0008): a code is accepted once. */
  totp_last_step: Generated<number | null>;
}

/** One sign-in ("session"); its refresh tokens rotate inside it. */
export interface RefreshTokenFamilyTable {
  id: Id;
  user_id: Ref;
  user_agent: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface RefreshTokenTable {
  id: Id;
  family_id: Ref;
  /** SHA-256 of the opaque token, base64url. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
}

export interface LoginAttemptTable {
  id: Id;
  email_key: string;
  ip: string;
  succeeded: number;
  created_at: Timestamp;
}

export interface PasswordResetTokenTable {
  id: Id;
  user_id: Ref;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface OutboxMailTable {
  id: Id;
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
  error: string | null;
  created_at: Timestamp;
}

export interface OidcIdentityTable {
  id: Id;
  user_id: Ref;
  issuer: string;
  subject: string;
  email: string | null;
  created_at: Timestamp;
}

export interface UserFavouriteTable {
  user_id: Ref;
  kind: 'team' | 'competition' | 'match';
  ref: string;
  label: string;
  created_at: Timestamp;
}

// ---- Staff area (migration 0005, issue #20) ------------------------------

export interface StaffRecoveryCodeTable {
  id: Id;
  user_id: Ref;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export interface StaffInviteTable {
  id: Id;
  email: string;
  role: 'moderator' | 'editor' | 'admin';
  token_hash: string;
  invited_by: Ref | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** The staff policy (migration 0008): one row, id 1. */
export interface StaffPolicyTable {
  id: number;
  /** 1: every staff member must sign in with a second factor; those without one are sent to enrol. */
  require_two_factor: Generated<number>;
  updated_at: Timestamp | null;
  updated_by: Ref | null;
}

/** Append-only: the database refuses updates and deletes. */
export interface AuditEntryTable {
  id: Id;
  actor_id: Ref;
  actor_role: string;
  action: string;
  target_kind: string;
  target_id: string;
  /** JSON: { before, after } of the fields that changed. */
  changes: string;
  ip: string;
  created_at: Timestamp;
}

/** A staff correction of a match (migration 0011, issue #20): it holds until released. */
export interface MatchCorrectionTable {
  id: Id;
  match_id: Ref;
  /** JSON CorrectedFields (domain/match-corrections.ts). */
  fields: string;
  /** JSON MatchFacts before the correction. */
  before: string;
  reason: string;
  actor_id: Ref;
  created_at: Timestamp;
  released_at: Timestamp | null;
  released_reason: 'provider-agrees' | 'staff' | 'superseded' | null;
}

/** A match staff put first on the hot lists (migration 0010, issue #20). */
export interface HotMatchPinTable {
  id: Id;
  match_id: Ref;
  /** 1, 2, 3… in the order the hot lists show pins. */
  position: number;
  /** A short word shown beside the match ("Derby", "Final"); null for none. */
  label: string | null;
  pinned_by: Ref;
  pinned_at: Timestamp;
  updated_at: Timestamp;
}

/** A site setting staff override (migration 0010, issue #20); a key without a row takes the environment's default. */
export interface SiteSettingTable {
  key: string;
  /** JSON. */
  value: string;
  updated_by: Ref;
  updated_at: Timestamp;
}

/** A plan (migration 0013, issue #21): its id outlives every change; the terms are in plan_version. */
export interface PlanTable {
  id: Id;
  code: string;
  /** domain/payments-contracts.ts PLAN_KINDS. */
  kind: string;
  sport: string | null;
  /** Where /pricing shows it: 1, 2, 3… */
  position: number;
  current_version: number;
  created_at: Timestamp;
  /** 1: kept off the pricing pages and out of checkout (migration 0016); Free never is. */
  hidden: Generated<number>;
}

/** One version of a plan's terms; orders keep the version they were made at. */
export interface PlanVersionTable {
  id: Id;
  plan_id: Ref;
  version: number;
  name: string;
  interval: string | null;
  duration_days: number | null;
  trial_days: Generated<number>;
  /** JSON array of strings. */
  features: string;
  /** JSON array of entitlement names. */
  entitlements: string;
  created_at: Timestamp;
}

/** A plan version's price in one currency, in minor units. */
export interface PlanPriceTable {
  plan_version_id: Ref;
  currency: string;
  amount_minor: number;
}

/** One checkout (issue #21); amount and currency copied from the plan version when it was made. */
export interface PaymentOrderTable {
  /** Random: 'ord_' and 22 base64url characters. */
  id: string;
  user_id: Ref;
  plan_id: Ref;
  plan_version_id: Ref;
  plan_version: number;
  provider: string;
  /** domain/payments-contracts.ts ORDER_STATUSES. */
  status: string;
  amount_minor: number;
  currency: string;
  coupon_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The provider's id of the payment once paid (Stripe: the payment intent), for refunds; migration 0014. */
  provider_ref: string | null;
}

/** Every change of an order's status, with its cause. */
export interface OrderEventTable {
  id: Id;
  order_id: string;
  /** null when the order was created. */
  from_status: string | null;
  to_status: string;
  cause: string;
  provider_event_id: string | null;
  created_at: Timestamp;
}

/** A provider event already settled: (provider, event_id) is the primary key. */
export interface ProcessedProviderEventTable {
  provider: string;
  event_id: string;
  type: string;
  order_id: string | null;
  processed_at: Timestamp;
}

/** What one paid order granted of one entitlement; a refund revokes it. */
export interface EntitlementGrantTable {
  id: Id;
  order_id: string;
  user_id: Ref;
  name: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** A payment provider staff enabled or disabled, and its place on /pricing (migration 0016). */
export interface PaymentMethodTable {
  /** domain/payments-contracts.ts PAYMENT_PROVIDERS. */
  provider: string;
  enabled: Generated<number>;
  position: number;
  updated_by: Ref | null;
  updated_at: Timestamp;
}

/** The one free trial an account may take (migration 0016): the order that recorded it. */
export interface PlanTrialTable {
  user_id: Ref;
  plan_id: Ref;
  order_id: string;
  started_at: Timestamp;
}

/** When a user's entitlement ends: the latest end of its grants in force. */
export interface EntitlementTable {
  user_id: Ref;
  name: string;
  expires_at: Timestamp;
}

/** A coupon (the hidden deal, migration 0017): percent or amount off, its limits and audience. */
export interface CouponTable {
  id: Id;
  /** Upper-case: codes compare without regard to case. */
  code: string;
  title: string;
  percent_off: number | null;
  /** JSON object: currency -> minor units off. */
  amount_off: string | null;
  plan_id: Ref | null;
  usage_limit: number | null;
  valid_until: Timestamp | null;
  /** domain/deals-contracts.ts COUPON_AUDIENCES. */
  audience: ColumnType<string, string | undefined, string>;
  /** 1 or 0. */
  active: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The site's own ad (one row, id 1), shown to visitors without the no_ads entitlement. */
export interface HouseAdTable {
  id: number;
  title: string;
  text: string;
  link: string;
  image_url: string | null;
  active: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** A payment mail already sent (migration 0019): one per order and kind ('receipt', 'refund'). */
export interface PaymentMailTable {
  order_id: string;
  kind: string;
  sent_at: Timestamp;
}

/** An expiry reminder already sent (migration 0019): one per member and plan end. */
export interface PaymentReminderTable {
  user_id: Ref;
  ends_at: Timestamp;
  plan_code: string;
  sent_at: Timestamp;
}

/** The reference a bank-transfer payer quotes (local provider), one per order, unique; compact form. */
export interface TransferReferenceTable {
  order_id: string;
  reference: string;
  created_at: Timestamp;
}

/** A refund staff made (or asked the provider for): one per order. */
export interface OrderRefundTable {
  order_id: string;
  staff_id: Ref;
  reason: string;
  amount_minor: number;
  currency: string;
  requested_at: Timestamp;
}

/** A video of the media catalogue (migration 0020, issue #22; docs/media.md). */
export interface MediaVideoTable {
  id: Id;
  slug: string;
  title: string;
  description: Generated<string>;
  kind: string;
  category: string | null;
  duration_seconds: Generated<number>;
  poster: string | null;
  source_type: string;
  source: string;
  captions: string | null;
  access: string;
  trailer_id: Ref | null;
  match_id: Ref | null;
  competition_id: Ref | null;
  published_at: Timestamp;
  unpublish_at: Timestamp | null;
  demo: Generated<number>;
  created_at: Timestamp;
}

export interface MediaVideoTeamTable {
  video_id: Ref;
  team_id: Ref;
}

/** An upload to transcode into HLS (migration 0021, issue #22): queued, running, done or failed. */
/** Betting content site-wide (migration 0023, issue #24): the CMS's switch and margin; no row = on, the environment's margin. */
export interface OddsSettingTable {
  key: string;
  /** 0: every odds panel hidden, the odds API answers 404 odds_disabled. */
  enabled: number;
  /** Margin on prices in basis points (500 = 5 %); null = ODDS_MARGIN. */
  margin_bp: number | null;
  updated_by: Ref | null;
  updated_at: Timestamp;
}

// ---- Display settings of an account (migration 0024) ----------------------

/** domain/account-preferences.ts; null: never chosen (the default applies). */
export interface AccountPreferenceTable {
  user_id: Ref;
  odds_hidden: number | null;
  odds_format: string | null;
  chat_mask: number | null;
  spoiler_safe: number | null;
  /** Team ids joined by "-"; "" for none. */
  spoiler_teams: string | null;
  live_delay_seconds: number | null;
  updated_at: Timestamp;
}

export interface MediaTranscodeJobTable {
  id: Id;
  video_id: Ref;
  input: string;
  output: string;
  status: string;
  progress: Generated<number>;
  attempts: Generated<number>;
  error: string | null;
  created_by: Ref | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Where a user stopped a video (resume). */
export interface MediaPositionTable {
  user_id: Ref;
  video_id: Ref;
  position_seconds: number;
  updated_at: Timestamp;
}

/** A match's chat room (migration 0022, issue #23): what staff set; the window comes from the match. */
export interface ChatRoomTable {
  match_id: Ref;
  slow_mode_seconds: Generated<number>;
  pinned_message_id: Ref | null;
  closed_at: Timestamp | null;
  closed_by: Ref | null;
  closed_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One chat message, plain text; soft-deleted. */
export interface ChatMessageTable {
  id: Id;
  match_id: Ref;
  user_id: Ref;
  /** The author's display name when they posted. */
  display_name: string;
  text: string;
  reply_to_id: Ref | null;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
  deleted_by: Ref | null;
  deleted_reason: string | null;
}

/** A user's report of a message: open, resolved or dismissed. */
export interface ChatReportTable {
  id: Id;
  message_id: Ref;
  match_id: Ref;
  reporter_id: Ref;
  reason: Generated<string>;
  status: Generated<string>;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: Ref | null;
  resolution_note: string | null;
}

/** A timeout or ban, in one room (match_id) or all chat (null); until null = for good. */
export interface ChatSanctionTable {
  id: Id;
  user_id: Ref;
  match_id: Ref | null;
  kind: string;
  reason: string;
  until: Timestamp | null;
  created_at: Timestamp;
  created_by: Ref;
  lifted_at: Timestamp | null;
  lifted_by: Ref | null;
}

export interface Database {
  contact_message: ContactMessageTable;
  contact_reply: ContactReplyTable;
  page: PageTable;
  page_revision: PageRevisionTable;
  sport: SportTable;
  competition: CompetitionTable;
  season: SeasonTable;
  team: TeamTable;
  team_alias: TeamAliasTable;
  venue: VenueTable;
  player: PlayerTable;
  squad_member: SquadMemberTable;
  match: MatchTable;
  match_side: MatchSideTable;
  match_event: MatchEventTable;
  match_commentary: MatchCommentaryTable;
  live_event: LiveEventTable;
  match_lineup: MatchLineupTable;
  match_action: MatchActionTable;
  match_team_stats: MatchTeamStatsTable;
  match_player_stats: MatchPlayerStatsTable;
  point_adjustment: PointAdjustmentTable;
  source_ref: SourceRefTable;
  import_run: ImportRunTable;
  data_file: DataFileTable;
  user_account: UserAccountTable;
  refresh_token_family: RefreshTokenFamilyTable;
  refresh_token: RefreshTokenTable;
  login_attempt: LoginAttemptTable;
  password_reset_token: PasswordResetTokenTable;
  outbox_mail: OutboxMailTable;
  oidc_identity: OidcIdentityTable;
  user_favourite: UserFavouriteTable;
  staff_recovery_code: StaffRecoveryCodeTable;
  staff_invite: StaffInviteTable;
  audit_entry: AuditEntryTable;
  hot_match_pin: HotMatchPinTable;
  site_setting: SiteSettingTable;
  match_correction: MatchCorrectionTable;
  staff_policy: StaffPolicyTable;
  plan: PlanTable;
  plan_version: PlanVersionTable;
  plan_price: PlanPriceTable;
  payment_order: PaymentOrderTable;
  order_event: OrderEventTable;
  transfer_reference: TransferReferenceTable;
  order_refund: OrderRefundTable;
  processed_provider_event: ProcessedProviderEventTable;
  entitlement_grant: EntitlementGrantTable;
  entitlement: EntitlementTable;
  coupon: CouponTable;
  house_ad: HouseAdTable;
  payment_mail: PaymentMailTable;
  payment_reminder: PaymentReminderTable;
  payment_method: PaymentMethodTable;
  plan_trial: PlanTrialTable;
  media_video: MediaVideoTable;
  media_video_team: MediaVideoTeamTable;
  media_position: MediaPositionTable;
  media_transcode_job: MediaTranscodeJobTable;
  chat_room: ChatRoomTable;
  chat_message: ChatMessageTable;
  chat_report: ChatReportTable;
  chat_sanction: ChatSanctionTable;
  odds_setting: OddsSettingTable;
  account_preference: AccountPreferenceTable;
}
