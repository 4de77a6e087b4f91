import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from './app-link.tsx';

const SHOW_BACK_TO_TOP_AFTER_PX = 600;

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

  const className =
    'fixed bottom-20 right-4 z-30 rounded-full bg-brand-600 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 lg:bottom-6';

  if (!scrolledFar && pathname.endsWith('/live-sports')) return null;
  return (
    <aside aria-label="Quick actions">
      {scrolledFar ? (
        <button type="button" className={className} onClick={() => window.scrollTo({ top: 0 })}>
          Back to top
        </button>
      ) : (
        <AppLink to="/live-sports" className={className}>
          Live now
        </AppLink>
      )}
    </aside>
  );
}
