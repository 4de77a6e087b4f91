// Home's banners (issue #21): the hidden deal (from a campaign link, or for a
// member whose plan lapsed), a short note when a deal link cannot be used, and
// the reminder that the visitor's plan ends within 3 days. Rendered by the server
// from the loader's data; the code loads after the page's (home's first-load
// budget), and the only thing it adds in the browser is the reminder's Dismiss,
// which keeps it hidden for the rest of the (visitor's) calendar day.
import { useState } from 'react';
import type { Deal } from '../../../domain/deals-contracts.ts';
import { AppLink } from '../../components/app-link.tsx';
import { useHydrated } from '../../lib/loading/deferred.tsx';
import { formatPlanDate } from './format-price.ts';
import { dealAmountText, dealPlansText, dealPricingPath, dealUntilText } from './deal-text.ts';

export interface HomeBannersProps {
  deal: Deal | null;
  dealNote: string | null;
  expiry: { endsAt: string; planCode: string; planName: string } | null;
  currency: string;
}

/** Must match EXPIRY_DISMISSED_COOKIE in deals.server.ts. */
const DISMISSED_COOKIE = 'plan-reminder-dismissed';

function localDay(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const buttonClass =
  'inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-offset-2';

export function HomeBanners({ deal, dealNote, expiry, currency }: HomeBannersProps) {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  const dismissedToday =
    hydrated && typeof document !== 'undefined' && document.cookie.includes(`${DISMISSED_COOKIE}=${localDay()}`);
  const showExpiry = expiry !== null && !dismissed && !dismissedToday;
  if (!deal && !dealNote && !showExpiry) return null;

  function dismiss() {
    document.cookie = `${DISMISSED_COOKIE}=${localDay()}; Path=/; Max-Age=${26 * 60 * 60}; SameSite=Lax`;
    setDismissed(true);
  }

  return (
    <div className="mb-6 space-y-3">
      {showExpiry ? (
        <section
          aria-labelledby="plan-reminder-heading"
          data-testid="expiry-banner"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-300 dark:bg-slate-900 dark:text-amber-100"
        >
          <div>
            <h2 id="plan-reminder-heading" className="font-semibold">
              Your plan ends on <time dateTime={expiry.endsAt}>{formatPlanDate(expiry.endsAt)}</time>
            </h2>
            <p className="text-sm">{`${expiry.planName} does not renew by itself: renew to keep it without a break.`}</p>
          </div>
          <div className="flex items-center gap-3">
            <AppLink to={`/pricing?plan=${encodeURIComponent(expiry.planCode)}`} className={buttonClass}>
              Renew {expiry.planName}
            </AppLink>
            {hydrated ? (
              <button
                type="button"
                onClick={dismiss}
                className="rounded-md px-3 py-2 text-sm font-semibold underline underline-offset-2"
              >
                Dismiss for today
              </button>
            ) : null}
          </div>
        </section>
      ) : null}
      {deal ? (
        <section
          aria-labelledby="deal-heading"
          data-testid="deal-banner"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-600 bg-brand-50 p-4 text-brand-900 dark:border-brand-100 dark:bg-slate-900 dark:text-brand-100"
        >
          <div>
            <h2 id="deal-heading" className="font-semibold">
              {`${deal.title}: ${dealAmountText(deal, currency)} ${dealPlansText(deal)}`}
            </h2>
            <p className="text-sm">
              {`Code ${deal.code}, applied for you at checkout, ${dealUntilText(deal)}.`}
              {deal.audience === 'lapsed' ? ' Welcome back: this one is for members whose plan has ended.' : ''}
            </p>
          </div>
          <AppLink to={dealPricingPath(deal)} className={buttonClass}>
            See the prices with the deal
          </AppLink>
        </section>
      ) : null}
      {dealNote ? (
        <p
          role="status"
          data-testid="deal-note"
          className="rounded-xl border border-slate-300 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {dealNote}
        </p>
      ) : null}
    </div>
  );
}
