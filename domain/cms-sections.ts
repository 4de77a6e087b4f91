// The CMS's screens and the scope each needs (issue #20). The navigation shows a
// section only to staff holding its scope — a mirror of the check every loader,
// action and API call makes on the server, never the check itself — and the scope
// test (server/cms-scopes.test.ts) checks every screen against it, so it lives in
// domain/ where both may read it. A screen that lands adds its line here.
export interface CmsSection {
  to: string;
  label: string;
  /** null: every staff member (the dashboard). */
  scope: string | null;
}

export const CMS_SECTIONS: readonly CmsSection[] = [
  { to: '/cms', label: 'Dashboard', scope: null },
  { to: '/cms/pages', label: 'Pages', scope: 'cms:pages' },
  { to: '/cms/matches', label: 'Matches', scope: 'cms:matches' },
  { to: '/cms/hot-matches', label: 'Hot matches', scope: 'cms:matches' },
  { to: '/cms/media', label: 'Media', scope: 'cms:media' },
  { to: '/cms/users', label: 'Users', scope: 'cms:users' },
  { to: '/cms/messages', label: 'Messages', scope: 'cms:messages' },
  { to: '/cms/chat', label: 'Chat moderation', scope: 'cms:chat' },
  { to: '/cms/payments/orders', label: 'Orders', scope: 'cms:payments' },
  { to: '/cms/staff', label: 'Staff', scope: 'cms:staff' },
  { to: '/cms/outbox', label: 'Mail outbox', scope: 'cms:settings' },
  { to: '/cms/settings', label: 'Site settings', scope: 'cms:settings' },
  { to: '/cms/odds', label: 'Model odds', scope: 'cms:odds' },
  { to: '/cms/payments/coupons', label: 'Coupons', scope: 'cms:payments' },
  { to: '/cms/payments/house-ad', label: 'House ad', scope: 'cms:payments' },
  { to: '/cms/payments/plans', label: 'Plans', scope: 'cms:payments' },
  { to: '/cms/payments/providers', label: 'Payment methods', scope: 'cms:payments' },
  { to: '/cms/audit', label: 'Audit log', scope: 'cms:audit' },
  { to: '/cms/security', label: 'Sign-in security', scope: null },
];
