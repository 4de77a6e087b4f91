// The star that follows a team or a competition (issue #5): a toggle button
// (aria-pressed) joining the device's favourites (app/lib/preferences/favourites.ts), which
// home pins first. Its name stays the same whether pressed or not, as a toggle
// button's should; the filled star and the words show the state.
import { toggleFavouriteCompetition, toggleFavouriteTeam, useFavourites } from '../../lib/preferences/favourites.ts';

type Target = { kind: 'team'; id: number; name: string } | { kind: 'competition'; code: string; name: string };

function StarShape({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5">
      <path d="M10 2.5l2.3 4.8 5.2.7-3.8 3.7.9 5.2L10 14.4l-4.6 2.5.9-5.2-3.8-3.7 5.2-.7z" strokeLinejoin="round" />
    </svg>
  );
}

/** `compact`: the star alone (rows of a list); otherwise a labelled pill (page headers). */
export function FavouriteStar({ target, compact = false }: { target: Target; compact?: boolean }) {
  const favourites = useFavourites();
  const pressed = target.kind === 'team' ? favourites.teams.includes(target.id) : favourites.competitions.includes(target.code);
  const toggle = () => (target.kind === 'team' ? toggleFavouriteTeam(target.id) : toggleFavouriteCompetition(target.code));
  const colour = pressed
    ? 'border-amber-500 bg-amber-50 text-amber-800 dark:border-amber-400 dark:bg-amber-900/30 dark:text-amber-200'
    : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';
  if (compact) {
    return (
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={`Favourite: ${target.name}`}
        onClick={toggle}
        className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full ${
          pressed ? 'text-amber-600 dark:text-amber-400' : 'text-slate-500 hover:bg-slate-100 hover:text-amber-600 dark:text-slate-400 dark:hover:bg-slate-800'
        }`}
      >
        <StarShape filled={pressed} />
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={pressed}
      // The visible word starts the name (WCAG 2.5.3); the name says what is starred.
      aria-label={`Favourite: ${target.name}`}
      onClick={toggle}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold ${colour}`}
      data-testid="favourite-star"
    >
      <StarShape filled={pressed} />
      Favourite
    </button>
  );
}
