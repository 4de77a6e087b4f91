// The header's account menu (issue #19): the signed-in visitor's name, "Change password" and "Sign out" sat
// inline in the header and made it wrap at 1280 px. They now sit behind one round button with the visitor's
// initial. A <details> disclosure rather than a script-only menu: without JavaScript it opens and closes, its
// links are plain links and "Sign out" a plain form post. With JavaScript it also closes on Escape (focus back on
// the button), on a click outside and once an item is chosen.
import { useEffect, useRef, type MouseEvent } from 'react';
import { Form } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';

const ITEM =
  'block w-full whitespace-nowrap rounded px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800';

export function AccountMenu({
  user,
  onChangePassword,
}: {
  user: { displayName: string; staff: boolean };
  /** Opens the change-password popup; the link leads to the account page otherwise. */
  onChangePassword: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const close = (focusButton: boolean) => {
      details.open = false;
      if (focusButton) details.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        event.preventDefault();
        close(true);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    details.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      details.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  const closeAfterChoice = () => {
    if (menu.current) menu.current.open = false;
  };
  const initial = user.displayName.trim().charAt(0).toUpperCase() || '?';

  return (
    <details ref={menu} className="group relative max-sm:hidden" data-testid="account-menu">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full p-0.5 pr-1.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white"
        >
          {initial}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 12 12"
          className="size-3 transition-transform group-open:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M2.5 4.5 6 8l3.5-3.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="sr-only">Account: {user.displayName}</span>
      </summary>
      <div className="absolute right-0 top-full z-40 mt-2 w-60 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <p className="truncate px-3 pb-1 pt-2 text-xs text-slate-600 dark:text-slate-400">
          Signed in as <span className="font-semibold text-slate-900 dark:text-slate-100">{user.displayName}</span>
        </p>
        <ul>
          <li>
            <AppLink to={user.staff ? '/cms' : '/account'} onClick={closeAfterChoice} className={ITEM}>
              {user.staff ? 'Staff area' : 'Your account'}
            </AppLink>
          </li>
          <li>
            <a
              href="/account#password-heading"
              onClick={(event) => {
                closeAfterChoice();
                onChangePassword(event);
              }}
              className={ITEM}
            >
              Change password
            </a>
          </li>
          <li>
            <Form method="post" action="/account" onSubmit={closeAfterChoice}>
              <input type="hidden" name="intent" value="logout" />
              <button type="submit" className={ITEM}>
                Sign out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}
