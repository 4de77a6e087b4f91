// The header's search: the box itself where the header has room (tablets,
// where the menu hides the navigation); elsewhere (phones, and larger screens,
// where the navigation fills the bar) a Search button that opens it in a bar
// under the header. Without JavaScript the button is a link to the
// results page, which has the same form.
import { useRef, useState, type MouseEvent } from 'react';
import { deferred } from '../../lib/loading/deferred.tsx';
import { SEARCH_PAGE } from './search-page.ts';
import type { SiteSearchProps } from './site-search.tsx';

/** The combobox's code loads after the page's (app/lib/loading/deferred.tsx); the server renders its form. */
const SiteSearch = deferred<SiteSearchProps>(async () => (await import('./site-search.tsx')).SiteSearch);

export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);
  const toggle = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen((current) => !current);
  };
  return (
    <>
      <SiteSearch className="hidden md:block md:w-64 lg:hidden" />
      <a
        ref={opener}
        href={SEARCH_PAGE}
        aria-expanded={open}
        onClick={toggle}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 md:hidden lg:inline-flex dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="M13 13l4 4" strokeLinecap="round" />
        </svg>
        <span className="sr-only">Search</span>
      </a>
      {open ? (
        <div className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 py-2 md:hidden lg:block dark:border-slate-800 dark:bg-slate-900">
          <SiteSearch
            focusOnMount
            onDone={() => setOpen(false)}
            onCancel={() => {
              setOpen(false);
              opener.current?.focus();
            }}
            className="mx-auto max-w-xl"
          />
        </div>
      ) : null}
    </>
  );
}
