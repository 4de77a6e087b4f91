// Who is signed in, for middleware and loaders: read from the request's session
// in the router context (server/router-context.server.ts), which also signs in
// and out and carries the cookies it collected to the response.
import type { RouterContextProvider } from 'react-router';
import { getRequestAuth } from '../../../server/router-context.server.ts';
import type { SessionUser } from '../../../server/modules/auth/auth.session.ts';
import type { HeaderUser } from './auth-user.ts';

export function getCurrentUser(context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  return getRequestAuth(context).currentUser();
}

/** The header's summary of the signed-in user (app/lib/auth/auth-user.ts), for the root loader. */
export async function getHeaderUser(context: Readonly<RouterContextProvider>): Promise<HeaderUser | null> {
  const user = await getCurrentUser(context);
  return user
    ? { id: user.id, displayName: user.displayName, staff: user.scopes.some((scope) => scope.startsWith('cms:')) }
    : null;
}
