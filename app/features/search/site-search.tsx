// Search for teams, competitions, players and matches in the site header
// (issues #5, #19): an ARIA 1.2 combobox with a listbox popup. Typing asks GET
// /api/search (debounced; the server forgives accents, case and typos and
// ranks by importance). The list always ends with "See all results for …",
// and says "No results for …" when nothing matches; ArrowDown/ArrowUp/Home/End
// move through the suggestions, Enter opens the chosen one, Escape closes the
// list (and clears the field when it is already closed); the number of
// suggestions is announced. Without JavaScript it is a plain GET form to the
// results page, /team?q=… (the spec's team index).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import type { SearchResult } from '../../../domain/football-contracts.ts';
import { SEARCH_PAGE } from './search-page.ts';
const DEBOUNCE_MS = 200;
const MIN_LENGTH = 2;

export interface Suggestion {
  kind: 'team' | 'competition' | 'player' | 'match' | 'all';
  label: string;
  detail: string;
  href: string;
}

/** How many of each kind the list shows; the results page shows them all. */
const SHOWN = { teams: 5, competitions: 3, players: 4, matches: 4 };

export function resultsHref(query: string): string {
  return `${SEARCH_PAGE}?q=${encodeURIComponent(query)}`;
}

function matchLabel(match: SearchResult['matches'][number]): string {
  const { home, away, score } = match;
  return score.home === null || score.away === null
    ? `${home.shortName} v ${away.shortName}`
    : `${home.shortName} ${score.home}–${score.away} ${away.shortName}`;
}

/** The API's answer as one list, each kind best first: matches (when two teams are named), teams, competitions, players. */
export function toSuggestions(result: SearchResult): Suggestion[] {
  return [
    ...result.matches.slice(0, SHOWN.matches).map((match) => ({
      kind: 'match' as const,
      label: matchLabel(match),
      detail: `${match.kickoffAt.slice(0, 10)} · ${match.competition.name}`,
      href: `/match/${match.id}`,
    })),
    ...result.teams
      .slice(0, SHOWN.teams)
      // The name lists use, with the full one under it when it says more ("Man City", "Manchester City FC").
      .map((team) => ({
        kind: 'team' as const,
        label: team.shortName,
        detail: team.shortName === team.name ? '' : team.name,
        href: `/team/${team.id}`,
      })),
    ...result.competitions.slice(0, SHOWN.competitions).map((competition) => ({
      kind: 'competition' as const,
      label: competition.name,
      detail: competition.areaName,
      href: `/league/${encodeURIComponent(competition.code)}`,
    })),
    // No player page yet: a player opens the team last played for (or the results page).
    ...result.players.slice(0, SHOWN.players).map((player) => ({
      kind: 'player' as const,
      label: player.name,
      detail: player.team ? player.team.shortName : 'Player',
      href: player.team ? `/team/${player.team.id}` : resultsHref(player.fullName),
    })),
  ];
}

/** The answer checked by hand (zod would weigh on every page's JavaScript; see app/lib/preferences/favourites.ts). */
function readResult(body: unknown): SearchResult | null {
  if (typeof body !== 'object' || body === null) return null;
  const { teams, competitions, players = [], matches = [] } = body as Record<string, unknown>;
  if (!Array.isArray(teams) || !Array.isArray(competitions) || !Array.isArray(players) || !Array.isArray(matches))
    return null;
  return { teams, competitions, players, matches } as SearchResult;
}

export function countMessage(query: string, count: number): string {
  if (count === 0) return `No results for “${query}”. Enter opens the results page.`;
  return `${count} ${count === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose, Enter to open.`;
}

const KIND_LABELS: Record<Suggestion['kind'], string> = {
  team: 'Team',
  competition: 'Competition',
  player: 'Player',
  match: 'Match',
  all: '',
};

/** `items` ends with the entry that opens the results page; `found` counts the suggestions before it. */
type Status =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; query: string; items: Suggestion[]; found: number }
  | { kind: 'failed' };

export interface SiteSearchProps {
  className?: string;
  /** Called once a suggestion or the results page is opened. */
  onDone?: () => void;
  /** Escape in an empty, closed field (the header's search bar closes). */
  onCancel?: () => void;
  focusOnMount?: boolean;
}

export function SiteSearch({ className = '', onDone, onCancel, focusOnMount = false }: SiteSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // Opened from the phone header's Search button: the field takes the focus.
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);

  const trimmed = query.trim();
  useEffect(() => {
    // Shorter queries show nothing (see `expanded`); the last answer waits for the next one.
    if (trimmed.length < MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus((current) => (current.kind === 'done' ? current : { kind: 'loading' }));
      fetch(`/api/search?q=${encodeURIComponent(trimmed)}`, {
        signal: controller.signal,
        headers: { Accept: 'application/json' },
      })
        .then(async (response) => {
          const result = response.ok ? readResult(await response.json()) : null;
          if (!result) throw new Error(`search answered ${response.status}`);
          const suggestions = toSuggestions(result);
          const all: Suggestion = {
            kind: 'all',
            label: `See all results for “${trimmed}”`,
            detail: '',
            href: resultsHref(trimmed),
          };
          setStatus({ kind: 'done', query: trimmed, items: [...suggestions, all], found: suggestions.length });
          setActive(-1);
        })
        .catch(() => {
          if (!controller.signal.aborted) setStatus({ kind: 'failed' });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  const items = status.kind === 'done' ? status.items : [];
  const expanded = open && trimmed.length >= MIN_LENGTH && status.kind === 'done';
  const activeItem = expanded ? items[active] : undefined;

  // The chosen suggestion stays in view in a list taller than its box.
  useEffect(() => {
    if (active >= 0) list.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const go = (suggestion: Suggestion) => {
    setOpen(false);
    setQuery('');
    onDone?.();
    void navigate(suggestion.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = items.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) setOpen(true);
        else if (last >= 0) setActive((index) => (index >= last ? 0 : index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) setOpen(true);
        else if (last >= 0) setActive((index) => (index <= 0 ? last : index - 1));
        break;
      case 'Home':
      case 'End':
        // In a closed list they move the caret as usual.
        if (expanded && last >= 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : last);
        }
        break;
      case 'Enter':
        if (activeItem) {
          event.preventDefault();
          go(activeItem);
        }
        // Otherwise the form goes to the results page.
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (query !== '') {
          event.preventDefault();
          setQuery('');
        } else if (onCancel) {
          event.preventDefault();
          onCancel();
        }
        break;
      default:
        break;
    }
  };

  let message = '';
  if (open && trimmed.length >= MIN_LENGTH) {
    if (status.kind === 'done') message = countMessage(status.query, status.found);
    else if (status.kind === 'failed') message = 'Search is not available right now.';
  }

  return (
    <Form
      method="get"
      action={SEARCH_PAGE}
      role="search"
      aria-label="Teams and competitions"
      className={`relative ${className}`}
      onSubmit={() => {
        setOpen(false);
        onDone?.();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search teams and competitions
      </label>
      <div className="flex items-center rounded-full border border-slate-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/40 dark:border-slate-700 dark:bg-slate-950">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="ml-3 size-4 shrink-0 text-slate-500 dark:text-slate-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="M13 13l4 4" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          id={id}
          name="q"
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeItem ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="Search teams, players, matches"
          maxLength={100}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          className="w-full min-w-0 bg-transparent px-2 py-1.5 text-sm placeholder:text-slate-500 focus:outline-none dark:placeholder:text-slate-400"
        />
        <button
          type="submit"
          className="sr-only focus:not-sr-only focus:mr-1 focus:rounded-full focus:px-2 focus:py-1 focus:text-sm"
        >
          Search
        </button>
      </div>
      <div
        hidden={!expanded}
        data-testid="search-popup"
        className="absolute left-0 right-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {status.kind === 'done' && status.found === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-700 dark:text-slate-300">No results for “{status.query}”</p>
        ) : null}
        <ul ref={list} id={listId} role="listbox" aria-label="Suggestions">
          {items.map((item, index) => {
            const quiet = index === active ? 'text-white' : 'text-slate-600 dark:text-slate-400';
            return (
              <li
                key={`${item.kind}:${item.href}`}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                // Keeps the focus in the field, so the list stays open for the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(item)}
                onMouseMove={() => setActive(index)}
                className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${
                  index === active ? 'bg-brand-600 text-white' : 'text-slate-900 dark:text-slate-100'
                } ${item.kind === 'all' ? 'border-t border-slate-100 dark:border-slate-800' : ''}`}
              >
                <span className="min-w-0">
                  <span className={`block truncate ${item.kind === 'all' ? '' : 'font-medium'}`}>{item.label}</span>
                  {item.detail ? <span className={`block truncate text-xs ${quiet}`}>{item.detail}</span> : null}
                </span>
                <span className={`shrink-0 text-xs ${quiet}`}>{KIND_LABELS[item.kind]}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {message}
      </p>
    </Form>
  );
}
