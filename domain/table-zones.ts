// Qualification and relegation zones of a league table (issue #19): the places a competition usually
// gives to Europe's competitions and the places that go down, as data per competition. They are the
// usual allocation: a domestic cup's winner or a country's coefficient can move a European place in a
// given season, so the legend says "usually".

export type ZoneKind =
  'champions-league' | 'europa-league' | 'conference-league' | 'relegation-play-off' | 'relegation';

export interface TableZone {
  kind: ZoneKind;
  /** First and last position (1-based, inclusive); `fromBottom` counts from the last place. */
  from: number;
  to: number;
  fromBottom?: boolean;
}

export const ZONE_LABELS: Record<ZoneKind, string> = {
  'champions-league': 'Champions League',
  'europa-league': 'Europa League',
  'conference-league': 'Conference League',
  'relegation-play-off': 'Relegation play-off',
  relegation: 'Relegation',
};

const zone = (kind: ZoneKind, from: number, to = from): TableZone => ({ kind, from, to });
const bottom = (kind: ZoneKind, from: number, to = from): TableZone => ({ kind, from, to, fromBottom: true });

/** The five big leagues' usual allocation (seasons 2017-18 to 2025-26). */
const ZONES: Record<string, readonly TableZone[]> = {
  'en.1': [
    zone('champions-league', 1, 4),
    zone('europa-league', 5),
    zone('conference-league', 6),
    bottom('relegation', 1, 3),
  ],
  'es.1': [
    zone('champions-league', 1, 4),
    zone('europa-league', 5),
    zone('conference-league', 6),
    bottom('relegation', 1, 3),
  ],
  'it.1': [
    zone('champions-league', 1, 4),
    zone('europa-league', 5),
    zone('conference-league', 6),
    bottom('relegation', 1, 3),
  ],
  'de.1': [
    zone('champions-league', 1, 4),
    zone('europa-league', 5),
    zone('conference-league', 6),
    bottom('relegation-play-off', 3),
    bottom('relegation', 1, 2),
  ],
  'fr.1': [
    zone('champions-league', 1, 3),
    zone('europa-league', 4),
    zone('conference-league', 5),
    bottom('relegation-play-off', 3),
    bottom('relegation', 1, 2),
  ],
};

/** The zone of `position` in a table of `size` teams, for the competition `code`'s main table; null when none. */
export function zoneOf(code: string, position: number, size: number): ZoneKind | null {
  for (const candidate of ZONES[code] ?? []) {
    const from = candidate.fromBottom ? size - candidate.to + 1 : candidate.from;
    const to = candidate.fromBottom ? size - candidate.from + 1 : candidate.to;
    if (position >= from && position <= to) return candidate.kind;
  }
  return null;
}

/** The zones a competition's main table shows, in table order (for a legend); empty when it has none. */
export function zonesOf(code: string): ZoneKind[] {
  const kinds = (ZONES[code] ?? []).map((candidate) => candidate.kind);
  const order: ZoneKind[] = [
    'champions-league',
    'europa-league',
    'conference-league',
    'relegation-play-off',
    'relegation',
  ];
  return order.filter((kind) => kinds.includes(kind));
}
