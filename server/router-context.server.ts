// What the HTTP server (server/http.ts) hands to React Router's loaders, actions
// and middleware: the process's services, this request's id and CSP nonce, and
// this request's session. It is the one server file pages import values from
// (DESIGN.md §3: app reaches the server only through the router context; types
// may be imported), and `.server` keeps it out of every browser bundle.
//
// The Hono server (run by tsx) and the React Router server build (bundled by
// Vite) each load their own copy of this file, and React Router compares
// context keys by identity, so the keys live on globalThis under Symbol.for().
import { createContext, type RouterContext, type RouterContextProvider } from 'react-router';
import type { RequestAuth } from './modules/auth/auth.session.ts';
import type { AppServices } from './services.ts';

export interface RequestInfo {
  requestId: string;
  nonce: string;
}

function sharedContext<T>(name: string): RouterContext<T> {
  const key = Symbol.for(`scoreline.context.${name}`);
  const store = globalThis as unknown as Record<symbol, RouterContext<T> | undefined>;
  return (store[key] ??= createContext<T>());
}

export const servicesContext = sharedContext<AppServices>('services');
export const requestInfoContext = sharedContext<RequestInfo>('request-info');
/** The request's session: server/http.ts creates one per page request and adds the cookies it collected (refreshes included) to the response. */
export const authRequestContext = sharedContext<RequestAuth>('auth');

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}

export function getRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}

export function getRequestAuth(context: Readonly<RouterContextProvider>): RequestAuth {
  return context.get(authRequestContext);
}
