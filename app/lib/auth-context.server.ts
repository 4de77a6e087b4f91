// The request's session (server/modules/auth/auth.session.ts) in the router
// context: server/http.ts creates one per page request, middleware and loaders
// read the user from it and sign in or out through it, and server/http.ts adds
// the cookies it collected to the response — refreshes included.
//
// Like context.server.ts, the key lives on globalThis under Symbol.for(): the
// Hono server and the React Router build each load their own copy of this file.
import type { HeaderUser } from './auth-user.ts';
import { createContext, type RouterContext, type RouterContextProvider } from 'react-router';
import type { RequestAuth, SessionUser } from '../../server/modules/auth/auth.session.ts';

const KEY = Symbol.for('scoreline.context.auth');
const store = globalThis as unknown as Record<symbol, RouterContext<RequestAuth> | undefined>;

export const authRequestContext: RouterContext<RequestAuth> = (store[KEY] ??= createContext<RequestAuth>());

export function getRequestAuth(context: Readonly<RouterContextProvider>): RequestAuth {
  return context.get(authRequestContext);
}

export function getCurrentUser(context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  return getRequestAuth(context).currentUser();
}

/** The header's summary of the signed-in user (app/lib/auth-user.ts), for the root loader. */
export async function getHeaderUser(context: Readonly<RouterContextProvider>): Promise<HeaderUser | null> {
  const user = await getCurrentUser(context);
  return user
    ? { id: user.id, displayName: user.displayName, staff: user.scopes.some((scope) => scope.startsWith('cms:')) }
    : null;
}
