// The auth layout: sign-in, registration and password reset, in one focused card.
import { Outlet } from 'react-router';
import { RouteErrorBoundary } from '../features/site-frame/error-page.tsx';
import { SiteFrame } from '../features/site-frame/site-frame.tsx';

export default function AuthLayout() {
  return (
    <SiteFrame breadcrumbs={false} focused>
      <div className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <Outlet />
      </div>
    </SiteFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary focused />;
}
