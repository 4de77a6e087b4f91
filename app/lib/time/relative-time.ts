// "in 25 min", "in 2 h": how far off a kick-off is, next to its clock time
// (issue #5: relative times that update). Beyond a day, or once the kick-off
// time has passed without the match starting, the clock time says enough.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export function kickoffCountdown(kickoffAt: string, now: Date): string | null {
  const ahead = Date.parse(kickoffAt) - now.getTime();
  if (!Number.isFinite(ahead) || ahead <= 0 || ahead > 24 * HOUR) return null;
  if (ahead < MINUTE) return 'in < 1 min';
  if (ahead < HOUR) return `in ${Math.floor(ahead / MINUTE)} min`;
  const hours = Math.floor(ahead / HOUR);
  const minutes = Math.floor((ahead % HOUR) / MINUTE);
  // "in 1 h 30 min" while the detail matters, "in 5 h" after that.
  return hours < 3 && minutes > 0 ? `in ${hours} h ${minutes} min` : `in ${hours} h`;
}
