// The sandbox's test cards (issue #21), in the style of Stripe's: the hosted
// test checkout lists them, and the payments module decides each card's outcome
// from this one table. No real card is ever read: any other number is refused.
import { z } from 'zod';

export const SANDBOX_CARD_OUTCOMES = ['succeeds', 'declined', 'confirm'] as const;
export type SandboxCardOutcome = (typeof SANDBOX_CARD_OUTCOMES)[number];

export interface SandboxCard {
  /** As the page shows it, in groups of four. */
  number: string;
  outcome: SandboxCardOutcome;
  says: string;
}

export const SANDBOX_CARDS: readonly SandboxCard[] = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds', says: 'The payment succeeds.' },
  { number: '4000 0000 0000 0002', outcome: 'declined', says: 'The card is declined.' },
  {
    number: '4000 0000 0000 3220',
    outcome: 'confirm',
    says: 'The bank asks for an extra confirmation; you then complete or fail it.',
  },
];

/** Digits only: "4242 4242 4242 4242" and "4242-4242-4242-4242" are the same card. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The outcome of a test card, or null for any other number. */
export function sandboxCardOutcome(value: string): SandboxCardOutcome | null {
  const digits = cardDigits(value);
  return SANDBOX_CARDS.find((card) => cardDigits(card.number) === digits)?.outcome ?? null;
}

/**
 * The hosted test checkout's form. `step` is `pay` for the card, then `complete` or `fail` on the extra
 * confirmation screen of the card that asks for one.
 */
export const sandboxPaySchema = z.object({
  card: z
    .string()
    .trim()
    .refine((value) => sandboxCardOutcome(value) !== null, 'Use one of the test cards listed on this page'),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM/YY, for example 12/34'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter three or four digits'),
  step: z.enum(['pay', 'complete', 'fail']).default('pay'),
});

export type SandboxPayInput = z.infer<typeof sandboxPaySchema>;
