import { PassThrough, pipeline } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from 'react-router';
import { deferredModulesReady } from './lib/loading/deferred.tsx';
import { errorPageFailedHtml } from './lib/site/error-page-fallback.ts';
import { createScriptPriorityStream } from './lib/loading/script-priority.server.ts';
import { getRequestInfo, getServices } from '../server/router-context.server.ts';

export const streamTimeout = 5_000;

/**
 * Every unexpected error of a page goes to the JSON log, once, with the request's id (issue #17): React
 * Router calls this for an error thrown by a loader, an action, middleware or the render, instead of
 * printing it to stderr. Answers a route chose (404, 405, a `data(…, { status })`) are not errors; a
 * request the visitor abandoned is not either.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  logPageError(context as RouterContextProvider, request, error);
};

function logPageError(context: Readonly<RouterContextProvider>, request: Request, error: unknown, message = 'page error') {
  const { logger } = getServices(context);
  const { requestId } = getRequestInfo(context);
  const where = { reqId: requestId, method: request.method, path: new URL(request.url).pathname };
  if (isRouteErrorResponse(error)) {
    // React Router's own answers (no route, no action) carry the reason as an internal error.
    const reason = (error as { error?: unknown }).error;
    const level = error.status >= 500 ? 'error' : 'debug';
    logger[level]({ ...where, status: error.status, reason: reason instanceof Error ? reason.message : undefined }, message);
    return;
  }
  logger.error({ ...where, err: error }, message);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = getRequestInfo(loadContext);
  // When React Router is already rendering an error page and that fails too,
  // answer with a static page rather than a bare "Unexpected Server Error".
  const renderingErrorPage = routerContext.staticHandlerContext.errors !== null;
  // Deferred components render in full on the server: their code must be here (app/lib/loading/deferred.tsx).
  await deferredModulesReady();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Errors React met before the shell was ready: a shell error is reported by React Router (handleError
    // above) once onShellError rejects; any other was recovered inside a Suspense boundary (a deferred
    // part rendered on the client instead), and is logged here once the shell is ready.
    const recovered: unknown[] = [];
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; browsers get it streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // Every page's data is loaded before it renders, so each Suspense boundary (app/lib/loading/deferred.tsx)
      // is complete when the shell is: written in place, never moved to the end of the document for a
      // script to reveal (React does that past 12.8 kB by default), so pages are whole without JavaScript.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true;
        for (const error of recovered.splice(0)) logPageError(loadContext, request, error, 'page render error inside a Suspense boundary');
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        // The first-load modules at low priority (app/lib/loading/script-priority.server.ts). pipeline() carries a
        // closed response back to React's destination, which stops the render as before.
        const document = createScriptPriorityStream();
        pipeline(document, body, () => {});
        pipe(document);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        if (renderingErrorPage) {
          logPageError(loadContext, request, error, 'the error page failed to render');
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(errorPageFailedHtml(), { status: 500, headers: responseHeaders }));
          return;
        }
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logPageError(loadContext, request, error, 'page render error after the first bytes');
        else recovered.push(error);
      },
    });
  });
}
