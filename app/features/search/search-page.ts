/** The search results page (the spec's team index), where the header's search form goes without JavaScript. */
export const SEARCH_PAGE = '/team';
