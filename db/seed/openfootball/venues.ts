// World Cup venues: worldcup.json/<year>/worldcup.stadiums.json lists each
// stadium once; matches name their ground in another way ("Arena de São
// Paulo, São Paulo" for the stadium listed as "Arena Corinthians"; 2026 only
// the city, "Mexico City"). A ground matches a stadium by name (or the name in
// brackets: "Otkritie Arena (Spartak Stadium)"), else by a city only one
// stadium is in.
import { foldText } from '../../../domain/names.ts';
import type { Stadium } from './openfootball.schemas.ts';

/** Host country of each edition's stadiums (2026 files give it per stadium as `cc`). */
const HOST_COUNTRIES: Readonly<Record<string, string>> = {
  '2014': 'Brazil',
  '2018': 'Russia',
  '2022': 'Qatar',
  us: 'United States',
  ca: 'Canada',
  mx: 'Mexico',
};

export interface VenueInput {
  name: string;
  city: string;
  country: string | null;
  capacity: number | null;
}

/** "Moscow (1)" → "Moscow": the number only tells two stadiums of one city apart. */
function stadiumCity(city: string): string {
  return city.replace(/\s*\(\d+\)$/, '').trim();
}

function stadiumNames(name: string): string[] {
  const inBrackets = /\(([^)]+)\)/.exec(name)?.[1];
  const outside = name.replace(/\([^)]*\)/g, ' ');
  return [name, outside, ...(inBrackets ? [inBrackets] : [])].map(foldText);
}

export class StadiumIndex {
  constructor(
    private readonly stadiums: readonly Stadium[],
    private readonly edition: string,
  ) {}

  find(ground: string): VenueInput | undefined {
    const comma = ground.lastIndexOf(', ');
    const groundName = comma === -1 ? undefined : foldText(ground.slice(0, comma));
    const groundCity = foldText(comma === -1 ? ground : ground.slice(comma + 2));
    const byName =
      groundName === undefined
        ? []
        : this.stadiums.filter((stadium) => stadiumNames(stadium.name).includes(groundName));
    const byCity = this.stadiums.filter(
      (stadium) => foldText(stadiumCity(stadium.city)) === groundCity || foldText(stadium.city) === groundCity,
    );
    const stadium = byName.length === 1 ? byName[0] : byCity.length === 1 ? byCity[0] : undefined;
    if (!stadium) return undefined;
    return {
      name: stadium.name,
      city: stadiumCity(stadium.city),
      country: HOST_COUNTRIES[stadium.cc ?? this.edition] ?? null,
      capacity: stadium.capacity ?? null,
    };
  }
}

/** The source identity of a venue. */
export function venueIdentity(venue: VenueInput): string {
  return `${foldText(venue.name)}|${foldText(venue.city)}`;
}
