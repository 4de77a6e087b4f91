// What the account pages and the accounts API say alike (issue #6): the roles
// and their names, and the one answer to "forgot password" whether or not the
// address has an account. Pages read them too, so they live here rather than in
// server/modules/auth (DESIGN.md §3: contracts both sides need live in domain/).

/** Members are `user`; the three staff roles and their scopes are in domain/staff-access.ts (issue #20). */
export const ROLES = ['user', 'moderator', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  user: 'Member',
  moderator: 'Moderator',
  editor: 'Editor',
  admin: 'Administrator',
};

export const STAFF_ROLES = ['moderator', 'editor', 'admin'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff session ends after 30 minutes without a request (issue #20); the staff door says so. */
export const IDLE_SIGNED_OUT_MESSAGE = 'You were signed out after 30 minutes without activity. Please sign in again';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this address, we have sent it a link to reset the password. It works once, for 30 minutes.';
