// Times in the staff area are written in UTC, the same on the server and in the
// browser (no hydration mismatch), and exact: "2026-11-27 05:40 UTC".
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
