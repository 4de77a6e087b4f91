// The house-ad slot (issue #21): the site's own ad, its content set in the CMS
// (/cms/payments/house-ad). The loader decides whether there is one — none for a
// visitor with the `no_ads` entitlement — so the server's HTML already has it or
// not, and a premium member never sees it flash. No third-party code: a link, a
// line of text and an optional image, labelled as an ad.
import type { HouseAd as HouseAdContent } from '../../../domain/deals-contracts.ts';
import { AppLink } from '../../components/app-link.tsx';

export interface HouseAdProps {
  ad: HouseAdContent | null;
  className?: string;
}

export function HouseAd({ ad, className = '' }: HouseAdProps) {
  if (!ad) return null;
  const external = /^https:\/\//.test(ad.link);
  const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100';
  return (
    <section
      aria-label="Advertisement"
      data-testid="house-ad"
      className={`rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-900 ${className}`}
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">Ad</p>
      <div className="mt-1 flex gap-3">
        {ad.imageUrl ? (
          <img
            src={ad.imageUrl}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className="h-16 w-16 shrink-0 rounded object-cover"
          />
        ) : null}
        <div className="min-w-0">
          <p className="font-semibold">{ad.title}</p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{ad.text}</p>
          <p className="mt-2 text-sm">
            {external ? (
              <a href={ad.link} rel="noopener sponsored" className={linkClass}>
                Find out more<span className="sr-only">{`: ${ad.title}`}</span>
              </a>
            ) : (
              <AppLink to={ad.link} className={linkClass}>
                Find out more<span className="sr-only">{`: ${ad.title}`}</span>
              </AppLink>
            )}
          </p>
        </div>
      </div>
    </section>
  );
}

export default HouseAd;
