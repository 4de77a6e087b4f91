// What a route may declare in its `handle` export, read defensively so one
// route's mistake cannot break the breadcrumbs or scrolling of another.

export interface RouteHandle {
  /** Breadcrumb label, fixed or computed from the route's loader data. */
  breadcrumb?: string | ((loaderData: unknown) => string | undefined);
  /** Keep the scroll position when navigating to this route (tabs inside one page). */
  preserveScroll?: boolean;
}

export function routeHandle(handle: unknown): RouteHandle {
  if (typeof handle !== 'object' || handle === null) return {};
  const candidate = handle as Record<string, unknown>;
  const result: RouteHandle = {};
  if (typeof candidate.breadcrumb === 'string' || typeof candidate.breadcrumb === 'function') {
    result.breadcrumb = candidate.breadcrumb as RouteHandle['breadcrumb'];
  }
  if (candidate.preserveScroll === true) result.preserveScroll = true;
  return result;
}

export function breadcrumbLabel(handle: unknown, loaderData: unknown): string | undefined {
  const { breadcrumb } = routeHandle(handle);
  return typeof breadcrumb === 'function' ? breadcrumb(loaderData) : breadcrumb;
}
