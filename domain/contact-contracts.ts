// The contact form's topics (spec: contact page): the page lists them and the
// server validates against them (server/modules/site/contact.schemas.ts), so
// both read this one list (DESIGN.md §3: contracts both sides need live in domain/).

export const CONTACT_TOPICS = ['general', 'data', 'account', 'payment', 'privacy', 'press'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const contactTopicLabels: Record<ContactTopic, string> = {
  general: 'General question',
  data: 'Wrong score or missing data',
  account: 'My account',
  payment: 'Payments and plans',
  privacy: 'Privacy request',
  press: 'Press and partnerships',
};
