import { z } from 'zod';
import { CONTACT_TOPICS } from '../../../domain/contact-contracts.ts';
import { isPlainLine, isPlainText } from '../../../domain/text.ts';

/** One schema for the contact form and POST /api/contact. */
export const contactMessageInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please tell us your name')
    .max(100, 'Please keep your name under 100 characters')
    .refine(isPlainLine, 'Please write your name without control characters'),
  email: z
    .string()
    .max(254, { error: 'Please enter a valid email address so we can reply', abort: true })
    .pipe(z.email('Please enter a valid email address so we can reply')),
  topic: z.enum(CONTACT_TOPICS, 'Please choose what your message is about'),
  message: z
    .string()
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'Please keep your message under 5,000 characters')
    .refine(isPlainText, 'Please remove the control characters from your message'),
});

export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageSchema = contactMessageInputSchema.extend({
  id: z.number().int(),
  createdAt: z.string(),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
