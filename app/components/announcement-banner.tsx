// The announcement banner staff set in the CMS (issue #20): one line under the
// header on every public page while it runs (its from/until are checked on the
// server). Rendered by the server; its code loads after the page's
// (app/lib/loading/deferred.tsx), so it costs the first-load budget nothing.
import type { Announcement } from '../../server/modules/site/settings.schemas.ts';

export function AnnouncementBanner({ text, link }: Announcement) {
  return (
    <aside aria-label="Announcement" data-testid="announcement" className="border-b border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950">
      <p className="mx-auto max-w-6xl px-4 py-2 text-sm font-medium text-amber-950 dark:text-amber-50">
        {link ? (
          <a
            href={link}
            className="underline underline-offset-2 hover:no-underline"
            {...(link.startsWith('/') ? {} : { rel: 'noopener noreferrer' })}
          >
            {text}
          </a>
        ) : (
          text
        )}
      </p>
    </aside>
  );
}
