// What the HTTP server hands to loaders, actions and middleware.
//
// The Hono server (run by tsx) and the React Router server build (bundled by
// Vite) each load their own copy of this file, and React Router compares
// context keys by identity, so the keys live on globalThis under Symbol.for().
import { createContext, type RouterContext, type RouterContextProvider } from 'react-router';
import type { AppServices } from '../../server/services.ts';

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

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}

export function getRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
