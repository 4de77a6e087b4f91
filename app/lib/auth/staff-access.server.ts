// The scope check of every CMS loader and action (issue #20): the server decides,
// the CMS's navigation only mirrors it. A guest is sent to /cms/login (and back
// after; told so when their staff session ended for want of activity); a
// signed-in account without the scope gets the site's 403 page; while the staff
// policy requires two-factor sign-in, staff without it are sent to set it up.
import { data, redirect, type RouterContextProvider } from 'react-router';
import { hasScope, isStaff } from '../../../domain/staff-access.ts';
import { getRequestAuth, getServices } from '../../../server/router-context.server.ts';
import type { RequestAuth, SessionUser } from '../../../server/modules/auth/auth.session.ts';
import type { CmsActor } from '../../../server/modules/cms/cms.schemas.ts';

export interface StaffRequest {
  user: SessionUser;
  /** Who is acting, for the audit log: id, role and address. */
  actor: CmsActor;
}

/** Where staff set up two-factor sign-in; the policy sends staff without it here. */
export const STAFF_SECURITY_PATH = '/cms/security';

function localPathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname.replace(/\.data$/, '') + url.search;
}

/** The staff door, coming back here after; `reason=idle` when this request's staff session just ended idle. */
export function staffSignInPath(request: Request, auth: Pick<RequestAuth, 'endReason'>): string {
  const idle = auth.endReason() === 'idle' ? '&reason=idle' : '';
  return `/cms/login?redirect=${encodeURIComponent(localPathOf(request))}${idle}`;
}

// One look per request, however many loaders and middleware ask (the auth object is the request's own).
const enrolmentChecks = new WeakMap<RequestAuth, Promise<boolean>>();

/** Whether the staff policy sends this account to set up two-factor sign-in before anything else. */
export function mustEnrolTwoFactor(context: Readonly<RouterContextProvider>, userId: number): Promise<boolean> {
  const auth = getRequestAuth(context);
  let check = enrolmentChecks.get(auth);
  if (!check) {
    check = getServices(context).twoFactor.enrolmentRequired(userId);
    enrolmentChecks.set(auth, check);
  }
  return check;
}

export async function requireStaff(
  request: Request,
  context: Readonly<RouterContextProvider>,
  /** The scope the screen needs; null for what every staff member may see (the dashboard). */
  scope: string | null,
  /** `enrolling`: the security screen itself, open to staff the policy sends there. */
  options: { enrolling?: boolean } = {},
): Promise<StaffRequest> {
  const auth = getRequestAuth(context);
  const user = await auth.currentUser();
  if (!user) throw redirect(staffSignInPath(request, auth));
  if (!isStaff(user.scopes) || (scope !== null && !hasScope(user.scopes, scope))) {
    throw data({ message: `Your account does not have access to this part of the CMS${scope ? ` (${scope})` : ''}.` }, { status: 403 });
  }
  if (!options.enrolling && (await mustEnrolTwoFactor(context, user.id))) throw redirect(`${STAFF_SECURITY_PATH}?required=1`);
  return { user, actor: { id: user.id, role: user.role, ip: auth.meta.ip } };
}
