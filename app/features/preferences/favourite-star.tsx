// The star that follows a team, a competition or a match (issues #5, #19): a toggle button
// (aria-pressed) joining the device's favourites (app/lib/preferences/favourites.ts), which
// home pins first and lists under Following. Its name stays the same whether pressed or not, as a
// toggle button's should; the filled star and the words show the state.
import {
  toggleFavouriteCompetition,
  toggleFavouriteMatch,
  toggleFavouriteTeam,
  useFavourites,
  type Favourites,
} from '../../lib/preferences/favourites.ts';

export type FavouriteTarget =
  | { kind: 'team'; id: number; name: string }
  | { kind: 'competition'; code: string; name: string }
  | { kind: 'match'; id: number; name: string };

function isStarred(target: FavouriteTarget, favourites: Favourites): boolean {
  if (target.kind === 'competition') return favourites.competitions.includes(target.code);
  return (target.kind === 'team' ? favourites.teams : favourites.matches).includes(target.id);
}

function toggle(target: FavouriteTarget): void {
  if (target.kind === 'competition') toggleFavouriteCompetition(target.code);
  else if (target.kind === 'team') toggleFavouriteTeam(target.id);
  else toggleFavouriteMatch(target.id);
}

function StarShape({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5">
      <path d="M10 2.5l2.3 4.8 5.2.7-3.8 3.7.9 5.2L10 14.4l-4.6 2.5.9-5.2-3.8-3.7 5.2-.7z" strokeLinejoin="round" />
    </svg>
  );
}

/** `compact`: the star alone (rows of a list or a table); otherwise a labelled pill (page headers). */
export function FavouriteStar({ target, compact = false }: { target: FavouriteTarget; compact?: boolean }) {
  const pressed = isStarred(target, useFavourites());
  const colour = pressed
    ? 'border-amber-500 bg-amber-50 text-amber-800 dark:border-amber-400 dark:bg-amber-900/30 dark:text-amber-200'
    : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';
  if (compact) {
    return (
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={`Favourite: ${target.name}`}
        onClick={() => toggle(target)}
        // As the stars of home's match rows: 32 px on a phone, where a row has little room.
        className={`inline-flex size-8 shrink-0 sm:size-9 items-center justify-center rounded-full ${
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
      onClick={() => toggle(target)}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold ${colour}`}
      data-testid="favourite-star"
    >
      <StarShape filled={pressed} />
      Favourite
    </button>
  );
}
