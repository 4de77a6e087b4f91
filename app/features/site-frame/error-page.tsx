import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ERROR_PAGE_FAILED_MESSAGE } from '../../lib/site/error-page-fallback.ts';
import { useSite } from '../../lib/site/site.ts';
import { ErrorBoundaryLite } from '../../components/error-boundary-lite.tsx';
import { markNavigationFailed } from '../../components/progress-bar.tsx';
import { SiteFrame } from './site-frame.tsx';

export const NOT_FOUND_MESSAGE = 'This page could not be found';

/** Status and message for any thrown value: route responses keep theirs, anything else is a 500. */
export function describeError(error: unknown): { status: number; title: string; detail: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return { status: 404, title: NOT_FOUND_MESSAGE, detail: 'The address may be mistyped, or the page has moved.' };
    }
    const data: unknown = error.data;
    const message =
      typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
        ? data.message
        : error.statusText || 'Something went wrong';
    return { status: error.status, title: message, detail: `Error ${error.status}` };
  }
  return { status: 500, title: 'Something went wrong', detail: 'We could not show this page. Please try again in a moment.' };
}

function ErrorPage({ error }: { error: unknown }) {
  const { status, title, detail } = describeError(error);
  const siteName = useSite()?.siteName ?? 'Scoreline';
  useEffect(() => {
    markNavigationFailed();
  }, [error]);
  // The end-to-end scenario `broken-error-page` makes this page fail on purpose.
  if (isRouteErrorResponse(error) && error.data === 'break-the-error-page') {
    throw new Error('The error page was asked to fail');
  }
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <title>{`${title} | ${siteName}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-100">{status}</p>
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{detail}</p>
      <p className="mt-6">
        <a href="/" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100">
          Go back to the home page
        </a>
      </p>
    </div>
  );
}

function ErrorPageFailed() {
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-2xl font-bold">{ERROR_PAGE_FAILED_MESSAGE}</h1>
      <p className="mt-6">
        <a href="/" className="underline underline-offset-2">
          Go back to the home page
        </a>
      </p>
    </div>
  );
}

/**
 * Every layout's ErrorBoundary: the error inside the site's frame. If the
 * error page itself throws in the browser, the inner boundary shows the spec's
 * fallback; on the server, app/entry.server.tsx does the same.
 */
export function RouteErrorBoundary({ focused = false }: { focused?: boolean }) {
  const error = useRouteError();
  return (
    <SiteFrame focused={focused} breadcrumbs={false}>
      <ErrorBoundaryLite fallback={<ErrorPageFailed />}>
        <ErrorPage error={error} />
      </ErrorBoundaryLite>
    </SiteFrame>
  );
}
