import type { PublicConfig } from '../../server/platform/config.ts';
import { LEGAL_NAVIGATION } from '../lib/routing/navigation.ts';
import { AppLink } from './app-link.tsx';

export interface SiteFooterProps {
  site: PublicConfig;
}

export function SiteFooter({ site }: SiteFooterProps) {
  const social = [
    { label: 'Telegram', href: site.social.telegram },
    { label: 'Twitter', href: site.social.twitter },
    { label: 'Facebook', href: site.social.facebook },
  ].filter((link): link is { label: string; href: string } => link.href !== null);

  return (
    <footer className="mt-12 border-t border-slate-200 bg-white pb-24 text-sm text-slate-700 lg:pb-6 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3 lg:pr-fab-lane">
        <div>
          <p className="font-semibold text-slate-900 dark:text-slate-100">{site.siteName}</p>
          <p className="mt-1">Free football scores, fixtures and results. Open source and self-hosted.</p>
        </div>
        <nav aria-label="Legal and help">
          <ul className="space-y-1">
            {LEGAL_NAVIGATION.map((item) => (
              <li key={item.to}>
                <AppLink to={item.to} className="underline-offset-2 hover:underline">
                  {item.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {social.length > 0 ? (
            <nav aria-label="Social media">
              <ul className="flex gap-3">
                {social.map((link) => (
                  <li key={link.label}>
                    <a href={link.href} rel="noopener noreferrer me" className="underline-offset-2 hover:underline">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <p className="mt-3">
            Support:{' '}
            <a href={`mailto:${site.supportEmail}`} className="underline underline-offset-2">
              {site.supportEmail}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
