import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from './app-link.tsx';

const SHOW_BACK_TO_TOP_AFTER_PX = 600;

// It never covers a link or a control (issue #19): below 1024 px it sits at the right end of the bottom bar, which
// keeps that place free for it (bottom-nav.tsx); from 1024 px, where there is no bottom bar, it floats in a lane at
// the right of the screen that the page's columns keep clear of (`pr-fab-lane` in app.css).
const CLASS_NAME =
  'fixed bottom-[calc(0.375rem+env(safe-area-inset-bottom))] right-2 z-40 inline-flex h-8 items-center gap-1 rounded-full bg-brand-600 px-2.5 text-xs font-semibold whitespace-nowrap text-white shadow-lg hover:bg-brand-700 lg:bottom-6 lg:right-2';

/** Jumps to live matches; once the reader has scrolled far, it takes them back to the top instead. */
export function FloatingButton() {
  const [scrolledFar, setScrolledFar] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    const update = () => setScrolledFar(window.scrollY > SHOW_BACK_TO_TOP_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!scrolledFar && pathname.endsWith('/live-sports')) return null;
  return (
    <aside aria-label="Quick actions">
      {scrolledFar ? (
        <button type="button" className={CLASS_NAME} onClick={() => window.scrollTo({ top: 0 })}>
          <span aria-hidden="true">↑ Top</span>
          <span className="sr-only">Back to top</span>
        </button>
      ) : (
        <AppLink to="/live-sports" className={CLASS_NAME}>
          <span aria-hidden="true" className="size-2 rounded-full bg-red-300" />
          Live now
        </AppLink>
      )}
    </aside>
  );
}
