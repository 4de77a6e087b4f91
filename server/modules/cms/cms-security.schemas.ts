// Contracts of staff sign-in security (issue #20): the /api/cms/security calls
// and the /cms/security page's forms read these, and the types come from them.
import { z } from 'zod';

export const twoFactorCodeInputSchema = z.object({
  code: z
    .string({ error: 'Enter the code from your authenticator app' })
    .trim()
    .min(1, 'Enter the code from your authenticator app')
    .max(64, 'This code is too long'),
});

export const staffPolicyInputSchema = z.object({
  requireTwoFactor: z.boolean({ error: 'requireTwoFactor is true or false' }),
});

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** A secret waits for the app's first code. */
  pending: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});

export const enrolmentSchema = z.object({
  /** Base32: what to type into the app when the QR code cannot be scanned. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
});
export type EnrolmentView = z.infer<typeof enrolmentSchema>;

export const staffPolicySchema = z.object({
  requireTwoFactor: z.boolean(),
  updatedAt: z.string().nullable(),
});

export const securityOverviewSchema = z.object({
  twoFactor: twoFactorStatusSchema,
  /** The enrolment waiting for its first code; null when none is. */
  enrolment: enrolmentSchema.nullable(),
  policy: staffPolicySchema,
  /** Whether the policy sends this account to enrol before anything else. */
  enrolmentRequired: z.boolean(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** Shown once, when made: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
