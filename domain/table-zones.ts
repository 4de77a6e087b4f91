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

interface ZoneEra {
  /** First season (its code, e.g. '2021-22') the allocation holds for; it holds until a later era starts. */
  from: string;
  zones: readonly TableZone[];
}

const BIG_FOUR = (relegation: readonly TableZone[]): readonly ZoneEra[] => [
  // The Conference League began in 2021-22; before it the sixth place went to the Europa League's qualifying.
  { from: '2017-18', zones: [zone('champions-league', 1, 4), zone('europa-league', 5, 6), ...relegation] },
  {
    from: '2021-22',
    zones: [zone('champions-league', 1, 4), zone('europa-league', 5), zone('conference-league', 6), ...relegation],
  },
];

/** The five big leagues' usual allocation, by the seasons it held for. */
const ZONES: Record<string, readonly ZoneEra[]> = {
  'en.1': BIG_FOUR([bottom('relegation', 1, 3)]),
  'es.1': BIG_FOUR([bottom('relegation', 1, 3)]),
  'it.1': BIG_FOUR([bottom('relegation', 1, 3)]),
  'de.1': BIG_FOUR([bottom('relegation-play-off', 3), bottom('relegation', 1, 2)]),
  'fr.1': [
    // 2022-23: twenty clubs, four went down to make eighteen, no play-off.
    {
      from: '2022-23',
      zones: [
        zone('champions-league', 1, 3),
        zone('europa-league', 4),
        zone('conference-league', 5),
        bottom('relegation', 1, 4),
      ],
    },
    // From 2023-24: eighteen clubs, the fourth to the Champions League's qualifying, a play-off for 16th.
    {
      from: '2023-24',
      zones: [
        zone('champions-league', 1, 4),
        zone('europa-league', 5),
        zone('conference-league', 6),
        bottom('relegation-play-off', 3),
        bottom('relegation', 1, 2),
      ],
    },
  ],
};

/** The allocation for `season` (a code such as '2024-25' or '2024'); none before the first era we know. */
function zonesFor(code: string, season: string): readonly TableZone[] {
  let found: readonly TableZone[] = [];
  for (const era of ZONES[code] ?? []) if (season >= era.from) found = era.zones;
  return found;
}

/** The zone of `position` in a table of `size` teams, for competition `code`'s main table in `season`; null when none. */
export function zoneOf(code: string, season: string, position: number, size: number): ZoneKind | null {
  for (const candidate of zonesFor(code, season)) {
    const from = candidate.fromBottom ? size - candidate.to + 1 : candidate.from;
    const to = candidate.fromBottom ? size - candidate.from + 1 : candidate.to;
    if (position >= from && position <= to) return candidate.kind;
  }
  return null;
}

/** The zones a competition's main table shows in `season`, in table order (for a legend); empty when none. */
export function zonesOf(code: string, season: string): ZoneKind[] {
  const kinds = zonesFor(code, season).map((candidate) => candidate.kind);
  const order: ZoneKind[] = [
    'champions-league',
    'europa-league',
    'conference-league',
    'relegation-play-off',
    'relegation',
  ];
  return order.filter((kind) => kinds.includes(kind));
}
