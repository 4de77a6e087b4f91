// Links between the views of a league page (season, table view, date, phase, reveal).

export type TableView = 'overall' | 'home' | 'away';

export const VIEWS: Array<[TableView, string]> = [
  ['overall', 'Overall'],
  ['home', 'Home'],
  ['away', 'Away'],
];

/** `/league/{code}?…#hash`, leaving out the parameters without a value. */
export function pageUrl(code: string, params: Record<string, string | null>, hash: string): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return `/league/${code}${query ? `?${query}` : ''}${hash}`;
}
