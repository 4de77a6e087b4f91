// The sports the site knows. Football is `football-1`; others can be added as data.
export const SPORTS = [{ slug: 'football-1', name: 'Football' }] as const;

export type Sport = (typeof SPORTS)[number];

export function findSport(slug: string): Sport | undefined {
  return SPORTS.find((sport) => sport.slug === slug);
}
