// How a match is placed and read (issue #19): which stage or group it belongs to, as a fan names it, and
// the order of its moments (commentary and timeline lines) in match time.

/**
 * The match's place in its competition for a heading: a tournament's group ("Group D · Matchday 2") or
 * knockout round ("Round of 16"), a league's matchday ("Matchday 21"). openfootball numbers a tournament's
 * knockout matches as matchdays too ("Matchday 9"), which no fan would recognise: the stage wins there.
 */
export function describeRound(match: {
  stage: string | null;
  round: string | null;
  group: string | null;
}): string | null {
  const { stage, round, group } = match;
  // A group's own matchday (1–3, the Euro's numbering) helps; the World Cup's count of tournament days
  // ("Group D · Matchday 13") does not.
  if (group) return round && /^matchday [1-3]$/i.test(round) ? `${group} · ${round}` : group;
  if (stage && stage !== 'Regular season' && stage !== 'Group stage') return stage;
  return round ?? stage;
}

/** Periods of a match in the order they are played; the line that ends a match comes last. */
const PERIOD_RANK: Record<string, number> = { pre: 0, '1H': 1, HT: 2, '2H': 3, ET: 4, E1: 5, E2: 6, P: 7, FT: 8 };

/** Match-time order of two moments: period, minute, added minute, then the order they were written in. */
export function compareMatchTime(
  a: { period: string; minute: number; addedMinute: number | null; seq: number },
  b: { period: string; minute: number; addedMinute: number | null; seq: number },
): number {
  const rank = (period: string) => PERIOD_RANK[period] ?? 4;
  return (
    rank(a.period) - rank(b.period) ||
    a.minute - b.minute ||
    (a.addedMinute ?? 0) - (b.addedMinute ?? 0) ||
    a.seq - b.seq
  );
}

/** A moment's minute as every list writes it: "23'", "90+2'", a shoot-out's "Pens", the final whistle's "FT". */
export function minuteLabel(moment: { minute: number; addedMinute: number | null; period?: string }): string {
  if (moment.period === 'P') return 'Pens';
  if (moment.period === 'FT') return 'FT';
  return moment.addedMinute ? `${moment.minute}+${moment.addedMinute}'` : `${moment.minute}'`;
}
