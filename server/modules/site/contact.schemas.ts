import { z } from 'zod';

export const CONTACT_TOPICS = ['general', 'data', 'account', 'payment', 'privacy', 'press'] as const;

export const contactTopicLabels: Record<(typeof CONTACT_TOPICS)[number], string> = {
  general: 'General question',
  data: 'Wrong score or missing data',
  account: 'My account',
  payment: 'Payments and plans',
  privacy: 'Privacy request',
  press: 'Press and partnerships',
};

/** One schema for the contact form and POST /api/contact. */
export const contactMessageInputSchema = z.object({
  name: z.string().trim().min(1, 'Please tell us your name').max(100, 'Please keep your name under 100 characters'),
  email: z
    .string()
    .max(254, { error: 'Please enter a valid email address so we can reply', abort: true })
    .pipe(z.email('Please enter a valid email address so we can reply')),
  topic: z.enum(CONTACT_TOPICS, 'Please choose what your message is about'),
  message: z
    .string()
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'Please keep your message under 5,000 characters'),
});

export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageSchema = contactMessageInputSchema.extend({
  id: z.number().int(),
  createdAt: z.string(),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
