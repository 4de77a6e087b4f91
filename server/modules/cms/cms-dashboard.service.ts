// The CMS dashboard (issue #20): what staff check first — matches live now and
// today, new sign-ups this week, contact messages nobody has opened, mail waiting
// in the outbox, and the latest staff changes. Each figure comes from its owner's
// service.
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { StaffAccountService } from '../auth/auth.staff.ts';
import type { FootballService } from '../football/football.service.ts';
import type { ContactService } from '../site/contact.service.ts';
import type { AuditLog } from './cms-audit.service.ts';
import type { AuditEntry } from './cms.schemas.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface DashboardSummary {
  liveNow: number;
  matchesToday: number;
  signUpsThisWeek: number;
  unreadMessages: number;
  outboxThisWeek: number;
  /** The latest staff changes, for those who may read the audit log. */
  recentChanges: AuditEntry[] | null;
}

export interface DashboardService {
  summary(options: { withAudit: boolean }): Promise<DashboardSummary>;
}

export function createDashboardService(deps: {
  clock: Clock;
  football: Pick<FootballService, 'listLiveMatches' | 'listMatchesOnDay'>;
  staffAccounts: Pick<StaffAccountService, 'countSignUpsSince'>;
  mailer: Pick<Mailer, 'countOutbox'>;
  contact: Pick<ContactService, 'countUnread'>;
  audit: Pick<AuditLog, 'list'>;
}): DashboardService {
  return {
    async summary({ withAudit }) {
      const now = deps.clock.now();
      const weekAgo = new Date(now.getTime() - WEEK_MS);
      const [live, today, signUps, unread, outbox, recent] = await Promise.all([
        deps.football.listLiveMatches(now),
        deps.football.listMatchesOnDay(now.toISOString().slice(0, 10), 'UTC'),
        deps.staffAccounts.countSignUpsSince(weekAgo),
        deps.contact.countUnread(),
        deps.mailer.countOutbox(weekAgo),
        withAudit ? deps.audit.list({ limit: 5 }) : null,
      ]);
      return {
        liveNow: live.length,
        matchesToday: today.length,
        signUpsThisWeek: signUps,
        unreadMessages: unread,
        outboxThisWeek: outbox,
        recentChanges: recent ? recent.entries : null,
      };
    },
  };
}
