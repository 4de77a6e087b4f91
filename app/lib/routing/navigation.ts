// The site's main sections, shared by the header, the mobile bottom bar and the footer.
export interface NavItem {
  to: string;
  label: string;
  /** What the desktop header shows, where the whole bar must fit on one line from 1024 px (issue #19); starts the label. */
  short?: string;
}

export const MAIN_NAVIGATION: readonly NavItem[] = [
  { to: '/', label: 'Fixtures' },
  { to: '/live-sports', label: 'Live' },
  { to: '/hot-match-today', label: 'Hot matches today', short: 'Hot' },
  { to: '/league', label: 'Leagues' },
  { to: '/sport/football-1/highlights', label: 'Highlights' },
  { to: '/movies', label: 'Movies' },
  { to: '/pricing', label: 'Pricing' },
];

export const LEGAL_NAVIGATION: readonly NavItem[] = [
  { to: '/about-us', label: 'About us' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms of use' },
  { to: '/policy/privacy', label: 'Privacy policy' },
  { to: '/policy/refund', label: 'Refund policy' },
];
