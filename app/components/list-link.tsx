// Links of the long lists (match rows and their competition headers): plain <a> elements, with one
// click handler and one intent prefetch for the whole page's main area (SiteFrame) instead of a router
// Link in every row. A busy home page has ~180 of them, and each Link is a component with eight hooks.
// Hydrating them, and rendering them on the server, was a large share of both (issue #5, docs/performance.md).
//
// They behave as the site's other links do (app-link.tsx):
// - a plain click navigates client-side; a click meant for a new tab, a download or another site is
//   left to the browser;
// - the route is prefetched 100 ms after a pointer or focus arrives, except on 2g or data-saver
//   connections (spec §9);
// - the router discovers their routes as it does its own links (`data-discover`).
// Until the page has hydrated they are ordinary links.
import {
  useCallback,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
  type TouchEvent,
} from 'react';
import { PrefetchPageLinks, useNavigate } from 'react-router';
import { usePrefetchAllowed } from '../lib/network/network-hints.ts';

const ATTRIBUTE = 'data-list-link';
const INTENT_DELAY_MS = 100;

/** A link in a list: markup only, no hooks. Must be inside the main area (ListLinkArea) to act as a router link. */
export function ListLink({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a {...props} href={to} data-discover="true" {...{ [ATTRIBUTE]: '' }} />;
}

function listLinkOf(target: EventTarget | null, area: Element): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>(`a[${ATTRIBUTE}]`) : null;
  return link && area.contains(link) ? link : null;
}

/** The router's own test for a click it may take over (react-router's Link). */
function isPlainClick(event: MouseEvent, link: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  const target = link.getAttribute('target');
  if (target && target !== '_self') return false;
  if (link.hasAttribute('download')) return false;
  return link.origin === window.location.origin;
}

type AreaHandlers = {
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onMouseOver: (event: MouseEvent<HTMLElement>) => void;
  onMouseOut: (event: MouseEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart: (event: TouchEvent<HTMLElement>) => void;
};

/** Handlers for the element around the list links, and the prefetch links to render inside it. */
export function useListLinkArea(): { handlers: AreaHandlers; prefetch: ReactNode } {
  const navigate = useNavigate();
  const allowed = usePrefetchAllowed();
  const [intent, setIntent] = useState<string | null>(null);
  const pending = useRef<{ href: string; timer: ReturnType<typeof setTimeout> } | null>(null);

  const cancel = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    setIntent(null);
  }, []);
  const reach = useCallback(
    (event: { target: EventTarget | null; currentTarget: Element }) => {
      const link = listLinkOf(event.target, event.currentTarget);
      const href = link?.getAttribute('href') ?? null;
      if (!href || pending.current?.href === href) return;
      cancel();
      pending.current = { href, timer: setTimeout(() => setIntent(href), INTENT_DELAY_MS) };
    },
    [cancel],
  );
  const leave = useCallback(
    (event: { target: EventTarget | null; currentTarget: Element; relatedTarget: EventTarget | null }) => {
      const link = listLinkOf(event.target, event.currentTarget);
      if (!link || (event.relatedTarget instanceof Node && link.contains(event.relatedTarget))) return;
      cancel();
    },
    [cancel],
  );
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = listLinkOf(event.target, event.currentTarget);
      if (!link || !isPlainClick(event, link)) return;
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    },
    [navigate],
  );
  return {
    handlers: { onClick, onMouseOver: reach, onMouseOut: leave, onFocus: reach, onBlur: leave, onTouchStart: reach },
    prefetch: intent && allowed ? <PrefetchPageLinks page={intent} /> : null,
  };
}
