// How a payment link's expiry reads (issue #21): "28 November 2026, 10:15 UTC". Formatted on the server
// in one fixed locale and time zone, so the page hydrates with the same words.
const expiryFormatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

export function formatLinkExpiry(iso: string): string {
  return `${expiryFormatter.format(new Date(iso)).replace(' at ', ', ')} UTC`;
}
