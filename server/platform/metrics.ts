import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
}

/** One registry per app instance, so tests can build several apps in one process. */
export function createMetrics(options: { collectDefaults?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.collectDefaults ?? true) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: 'scoreline_http_requests_total',
      help: 'HTTP requests by method, route group and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'scoreline_http_request_duration_seconds',
      help: 'HTTP request duration by method and route group',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
  };
}

/** Low-cardinality label for a path: `/api/health` stays, pages collapse to their first segment. */
export function routeGroup(pathname: string): string {
  if (pathname.startsWith('/api/')) return pathname.split('/').slice(0, 3).join('/');
  if (pathname.startsWith('/assets/')) return '/assets';
  const first = pathname.replace(/^\/en(?=\/|$)/, '').split('/')[1] ?? '';
  return first === '' ? '/' : `/${first}`;
}
