// Pages that exist only for the end-to-end suite (ENABLE_TEST_ROUTES=1): they
// make the error paths and timing behaviours of the shell reproducible.
import { Suspense } from 'react';
import { data } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { VirtualList } from '../components/virtual-list.tsx';
import { namedMiddleware } from '../lib/auth/route-middleware.server.ts';
import type { Route } from './+types/test-scenario';

export const middleware: Route.MiddlewareFunction[] = namedMiddleware('test-routes');

const MAX_DELAY_MS = 10_000;

export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  switch (params.scenario) {
    case 'error-without-status':
      throw new Error('A failure that carries no status');
    case 'broken-error-page':
      throw data('break-the-error-page', { status: 500 });
    case 'slow': {
      const ms = Math.min(MAX_DELAY_MS, Math.max(0, Number(url.searchParams.get('ms') ?? 1000) || 0));
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (url.searchParams.get('fail') === '1')
        throw data({ message: 'The slow page failed on purpose' }, { status: 503 });
      return { scenario: 'slow', ms };
    }
    case 'virtual-list':
    case 'scroll':
    case 'suspense-error':
      return { scenario: params.scenario, ms: 0 };
    default:
      throw data(null, { status: 404 });
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Test scenario' }, { name: 'robots', content: 'noindex' }];

const LIST = Array.from({ length: 5000 }, (_, index) => ({ id: index, label: `Row ${index + 1}` }));

/** Fails only while the server renders it: React recovers inside the Suspense boundary, and the browser renders it. */
function FailsOnTheServer() {
  if (typeof document === 'undefined') throw new Error('A part that fails to render on the server');
  return <p>Rendered in the browser.</p>;
}

export default function TestScenario({ loaderData }: Route.ComponentProps) {
  if (loaderData.scenario === 'suspense-error') {
    return (
      <div>
        <h1 className="text-2xl font-bold">A page with a part that fails</h1>
        <Suspense fallback={<p>Loading a part…</p>}>
          <FailsOnTheServer />
        </Suspense>
      </div>
    );
  }
  if (loaderData.scenario === 'virtual-list') {
    return (
      <VirtualList
        label="Test rows"
        items={LIST}
        estimateSize={40}
        getKey={(item) => item.id}
        renderItem={(item) => <div className="h-10 border-b border-slate-200 px-2 py-2">{item.label}</div>}
      />
    );
  }
  if (loaderData.scenario === 'scroll') {
    return (
      <div>
        <h1 className="text-2xl font-bold">Scroll scenario</h1>
        {/* Fixed in place so a test can click any of them at any scroll position without scrolling. */}
        <nav
          aria-label="Scenario links"
          className="fixed bottom-36 left-2 z-40 flex max-w-[12rem] flex-col gap-1 rounded border border-slate-300 bg-white p-2 text-xs dark:border-slate-700 dark:bg-slate-900"
        >
          <AppLink to="/__test/slow?ms=0">Go to another page</AppLink>
          <AppLink to="/__test/virtual-list">Go to the long list</AppLink>
          <AppLink to="/__test/scroll#section-30">Jump to section 30</AppLink>
          <AppLink to="/__test/slow?ms=1500">Load slowly</AppLink>
          <AppLink to={'/__test/slow?ms=800&fail=1'}>Load and fail</AppLink>
          <AppLink to="/match/12">Open match 12</AppLink>
          <AppLink to="/no/such/page">Open a missing page</AppLink>
          <AppLink to="/__test/broken-error-page">Open a broken error page</AppLink>
        </nav>
        {Array.from({ length: 40 }, (_, index) => (
          <section key={index} id={`section-${index + 1}`} className="h-64 border-b border-slate-200">
            <h2>Section {index + 1}</h2>
          </section>
        ))}
      </div>
    );
  }
  return (
    <div>
      <h1 className="text-2xl font-bold">Slow page loaded</h1>
      <p>Waited {loaderData.ms} ms.</p>
    </div>
  );
}
