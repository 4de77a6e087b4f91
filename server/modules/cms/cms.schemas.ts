// Contracts of the staff area (issue #20): the JSON API under /api/cms and the
// CMS pages' forms read the same schemas, and the types come from them.
import { z } from 'zod';
import { ROLES, STAFF_ROLES } from '../../../domain/account-contracts.ts';
import { isPlainLine } from '../../../domain/text.ts';
import { displayNameSchema, emailSchema, newPasswordSchema } from '../auth/auth.schemas.ts';

/** Who did a staff write, as the audit log keeps it. */
export interface CmsActor {
  id: number;
  role: z.infer<typeof roleSchema>;
  ip: string;
}

const roleSchema = z.enum(ROLES);
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Choose a role: moderator, editor or admin' });

const changedValuesSchema = z.record(z.string(), z.unknown());

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({
    id: z.number().int(),
    role: z.string(),
    /** Null once the account has been erased: the entry keeps the id only. */
    displayName: z.string().nullable(),
  }),
  action: z.string(),
  target: z.object({ kind: z.string(), id: z.string() }),
  changes: z.object({ before: changedValuesSchema, after: changedValuesSchema }),
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const dayOrTimeSchema = z.iso.date().or(z.iso.datetime({ offset: true }));

export const auditQuerySchema = z.object({
  actor: z.coerce.number().int().positive().optional(),
  /** An action (`staff.role`) or a kind, the part before the dot (`staff`). */
  kind: z
    .string()
    .regex(/^[a-z][a-z-]*(\.[a-z][a-z-]*)?$/, 'A kind is a word like staff or an action like staff.role')
    .optional(),
  from: dayOrTimeSchema.optional(),
  to: dayOrTimeSchema.optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  twoFactor: z.boolean(),
  lastSignInAt: z.string().nullable(),
});

export const staffInviteSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: staffRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema), invites: z.array(staffInviteSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

export const inviteInputSchema = z.object({ email: emailSchema, role: staffRoleSchema });

export const reasonSchema = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(3, 'Give a reason of at least 3 characters')
  .max(300, 'Use at most 300 characters')
  .refine(isPlainLine, 'Use one line of plain text');

/** One change to a staff account: a new role (member takes them off the staff), or suspended with a reason, or reinstated. */
export const staffChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('role'), role: roleSchema }),
  z.object({ action: z.literal('suspend'), reason: reasonSchema }),
  z.object({ action: z.literal('reinstate') }),
]);
export type StaffChangeInput = z.infer<typeof staffChangeSchema>;

export const acceptInviteInputSchema = z.object({ displayName: displayNameSchema, password: newPasswordSchema });
