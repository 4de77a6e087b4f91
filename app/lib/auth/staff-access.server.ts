// The scope check of every CMS loader and action (issue #20): the server decides,
// the CMS's navigation only mirrors it. A guest is sent to /cms/login (and back
// after); a signed-in account without the scope gets the site's 403 page.
import { data, redirect, type RouterContextProvider } from 'react-router';
import { hasScope, isStaff } from '../../../domain/staff-access.ts';
import { getRequestAuth } from '../../../server/router-context.server.ts';
import type { SessionUser } from '../../../server/modules/auth/auth.session.ts';
import type { CmsActor } from '../../../server/modules/cms/cms.schemas.ts';

export interface StaffRequest {
  user: SessionUser;
  /** Who is acting, for the audit log: id, role and address. */
  actor: CmsActor;
}

function localPathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname.replace(/\.data$/, '') + url.search;
}

export async function requireStaff(
  request: Request,
  context: Readonly<RouterContextProvider>,
  /** The scope the screen needs; null for what every staff member may see (the dashboard). */
  scope: string | null,
): Promise<StaffRequest> {
  const auth = getRequestAuth(context);
  const user = await auth.currentUser();
  if (!user) throw redirect(`/cms/login?redirect=${encodeURIComponent(localPathOf(request))}`);
  if (!isStaff(user.scopes) || (scope !== null && !hasScope(user.scopes, scope))) {
    throw data({ message: `Your account does not have access to this part of the CMS${scope ? ` (${scope})` : ''}.` }, { status: 403 });
  }
  return { user, actor: { id: user.id, role: user.role, ip: auth.meta.ip } };
}
