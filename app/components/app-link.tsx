// The site's Link: prefetches on intent, except on 2g or data-saver connections (spec §9).
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { usePrefetchAllowed } from '../lib/network/network-hints.ts';

export function AppLink({ prefetch, ...props }: LinkProps) {
  const allowed = usePrefetchAllowed();
  return <Link prefetch={allowed ? (prefetch ?? 'intent') : 'none'} {...props} />;
}

export function AppNavLink({ prefetch, ...props }: NavLinkProps) {
  const allowed = usePrefetchAllowed();
  return <NavLink prefetch={allowed ? (prefetch ?? 'intent') : 'none'} {...props} />;
}
