// Spellings of the same club that neither the clubs directory nor the team key
// joins (the directory covers only ENG, FRA, GER, ITA, NED, POR and ESP).
// Country → folded spelling → the name the club has elsewhere in the files
// (the domestic league's spelling, which is what its team was created from).
// Found by listing, after an import, clubs of one country that share a
// distinctive word or play only in a cup; each entry is a fact about one club.
export const EXTRA_CLUB_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ARG: {
    'estudiantes de la plata': 'Estudiantes', // copa.l 2025 / ar.1 2025
    'ca talleres': 'Talleres de Córdoba', // copa.l 2025
    'ca central cordoba': 'Central Córdoba SdE', // copa.l 2025: Central Córdoba (Santiago del Estero)
  },
  AUT: {
    'fc red bull salzburg': 'RB Salzburg', // uefa.cl 2024-25
  },
  BRA: {
    palmeiras: 'SE Palmeiras', // Club World Cup 2025
    'botafogo rj': 'Botafogo FR',
    'flamengo rj': 'CR Flamengo',
    'fluminense rj': 'Fluminense FC',
  },
  COL: {
    'independiente santa fe': 'Santa Fe', // copa.l 2025 / co.1 2025
    'cd tolima': 'Deportes Tolima',
    'ca bucaramanga': 'Atlético Bucaramanga',
    'cdc atletico nacional': 'Atlético Nacional',
  },
};
