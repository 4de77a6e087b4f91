import { AppNavLink } from './app-link.tsx';

const ITEMS = [
  { to: '/', label: 'Fixtures' },
  { to: '/live-sports', label: 'Live' },
  { to: '/hot-match-today', label: 'Hot' },
  { to: '/league', label: 'Leagues' },
  { to: '/account', label: 'Account' },
];

/** The sticky bottom area: navigation for small screens. Its right end is the floating button's place (issue #19): a
 * button floating above the page covered links and controls, in the bar it covers nothing. */
export function BottomNav() {
  return (
    <nav
      aria-label="Quick"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden dark:border-slate-800 dark:bg-slate-900"
    >
      <ul className="flex justify-around pr-[6.5rem] text-center text-xs">
        {ITEMS.map((item) => (
          <li key={item.to}>
            <AppNavLink
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) =>
                `block whitespace-nowrap px-1 py-3 ${isActive ? 'font-semibold text-brand-700 dark:text-brand-100' : 'text-slate-700 dark:text-slate-300'}`
              }
            >
              {item.label}
            </AppNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
