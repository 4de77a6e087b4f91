import { PassThrough, pipeline } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { getRequestInfo } from './lib/context.server.ts';
import { deferredModulesReady } from './lib/deferred.tsx';
import { errorPageFailedHtml } from './lib/error-page-fallback.ts';
import { createScriptPriorityStream } from './lib/script-priority.server.ts';

export const streamTimeout = 5_000;

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
  // Deferred components render in full on the server: their code must be here (app/lib/deferred.tsx).
  await deferredModulesReady();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; browsers get it streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // Every page's data is loaded before it renders, so each Suspense boundary (app/lib/deferred.tsx)
      // is complete when the shell is: written in place, never moved to the end of the document for a
      // script to reveal (React does that past 12.8 kB by default), so pages are whole without JavaScript.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        // The first-load modules at low priority (app/lib/script-priority.server.ts). pipeline() carries a
        // closed response back to React's destination, which stops the render as before.
        const document = createScriptPriorityStream();
        pipeline(document, body, () => {});
        pipe(document);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        if (renderingErrorPage) {
          console.error('The error page failed to render:', error);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(errorPageFailedHtml(), { status: 500, headers: responseHeaders }));
          return;
        }
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is ready are reported by React Router itself.
        if (shellRendered) console.error(error);
      },
    });
  });
}
