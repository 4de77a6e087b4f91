// The staff area's services (issue #20), built once per process by the composition
// root. Each screen of the CMS has its service here; they reach other modules only
// through those modules' services, and each records its writes in the audit log.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { StaffAccountService } from '../auth/auth.staff.ts';
import { createAuditLog, type AuditLog } from './cms-audit.service.ts';
import { createStaffService, type StaffService } from './cms-staff.service.ts';
import { createStaffSecurityService, type StaffSecurityService } from './cms-security.service.ts';
import type { TwoFactorService } from '../auth/auth.two-factor.ts';
import { createCmsPagesService, type CmsPagesService } from './cms-pages.service.ts';
import type { PagesService } from '../site/pages.service.ts';
import { createDashboardService, type DashboardService } from './cms-dashboard.service.ts';
import { createCmsUsersService, type CmsUsersService } from './cms-users.service.ts';
import { createCmsMessagesService, type CmsMessagesService } from './cms-messages.service.ts';
import type { AccountService } from '../auth/auth.service.ts';
import type { UserDirectory } from '../auth/auth.users.ts';
import type { ContactService } from '../site/contact.service.ts';
import { createCmsMatchesService, type CmsMatchesService, type MatchCorrector } from './cms-matches.service.ts';
import type { FootballService } from '../football/football.service.ts';
import type { SiteSettingsService } from '../site/settings.service.ts';
import { createCmsSettingsService, type CmsSettingsService } from './cms-settings.service.ts';
import type { HotMatchesService } from '../football/hot-matches.service.ts';
import { createCmsHotMatchesService, type CmsHotMatchesService } from './cms-hot-matches.service.ts';
import { createCmsMediaService, type CmsMediaService } from './cms-media.service.ts';
import type { MediaService } from '../media/media.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { createCmsPaymentsService, type CmsPaymentsService } from './cms-payments.service.ts';
import { createCmsDealsService, type CmsDealsService } from './cms-deals.service.ts';
import { createCmsOrdersService, type CmsOrdersService } from './cms-orders.service.ts';
import { createCmsOddsService, type CmsOddsService } from './cms-odds.service.ts';
import type { OddsService } from '../odds/odds.service.ts';
import type { ChatService } from '../chat/chat.service.ts';
import { createCmsChatService, type CmsChatService } from './cms-chat.service.ts';

export interface CmsServices {
  audit: AuditLog;
  staff: StaffService;
  /** Two-factor sign-in of each staff member and the staff policy (issue #20). */
  security: StaffSecurityService;
  /** The site's pages: edit, publish, schedule, history (issue #20). */
  pages: CmsPagesService;
  dashboard: DashboardService;
  /** Site name, support email, social links, analytics id, announcement banner (issue #20). */
  settings: CmsSettingsService;
  /** Pins on the hot lists, with labels and their order (issue #20). */
  hotMatches: CmsHotMatchesService;
  media: CmsMediaService;
  /** Accounts: search, view, ban, reset link, erasure (issue #20). */
  users: CmsUsersService;
  /** The contact form's inbox: read, handle, reply by mail (issue #20). */
  messages: CmsMessagesService;
  /** Match search and staff corrections on the live path (issue #20). */
  matches: CmsMatchesService;
  /** Plans, their versions and places, and the payment methods on offer (issue #21). */
  payments: CmsPaymentsService;
  /** Coupons (the hidden deal) and the house ad (issue #21). */
  deals: CmsDealsService;
  /** Orders: search, history, bank-transfer confirmation, refunds within the policy (issue #21). */
  orders: CmsOrdersService;
  /** The site-wide odds switch and margin (issue #24). */
  odds: CmsOddsService;
  /** Chat moderation: the reports queue, rooms, timeouts and bans (issue #23; chat audits each action). */
  chat: CmsChatService;
}

export function createCmsServices(deps: {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'BASE_URL' | 'SITE_NAME' | 'SITE_PREVIEW_URL'>;
  mailer: Mailer;
  staffAccounts: StaffAccountService;
  twoFactor: TwoFactorService;
  accounts: Pick<AccountService, 'sendPasswordResetLink' | 'getUser'>;
  directory: UserDirectory;
  contact: ContactService;
  pages: PagesService;
  football: FootballService;
  siteSettings: SiteSettingsService;
  hotMatches: HotMatchesService;
  /** The live path's corrections (the ingest pipeline's), handed over by the composition root. */
  corrector: MatchCorrector;
  payments: PaymentsService;
  media: MediaService;
  odds: Pick<OddsService, 'settings'>;
  chat: ChatService;
}): CmsServices {
  const audit = createAuditLog({ db: deps.db, clock: deps.clock });
  return {
    audit,
    staff: createStaffService({ ...deps, accounts: deps.staffAccounts, audit }),
    security: createStaffSecurityService({ ...deps, audit }),
    pages: createCmsPagesService({ ...deps, audit }),
    dashboard: createDashboardService({ ...deps, audit }),
    settings: createCmsSettingsService({ db: deps.db, siteSettings: deps.siteSettings, audit }),
    hotMatches: createCmsHotMatchesService({ db: deps.db, clock: deps.clock, hotMatches: deps.hotMatches, audit }),
    users: createCmsUsersService({ ...deps, audit }),
    messages: createCmsMessagesService({ ...deps, audit }),
    matches: createCmsMatchesService({ football: deps.football, corrector: deps.corrector, audit }),
    payments: createCmsPaymentsService({ db: deps.db, clock: deps.clock, payments: deps.payments, audit }),
    deals: createCmsDealsService({ payments: deps.payments, audit }),
    orders: createCmsOrdersService({ payments: deps.payments, directory: deps.directory, audit }),
    media: createCmsMediaService({ db: deps.db, media: deps.media, audit }),
    odds: createCmsOddsService({ db: deps.db, odds: deps.odds, audit }),
    chat: createCmsChatService({ chat: deps.chat, football: deps.football, users: deps.accounts }),
  };
}
