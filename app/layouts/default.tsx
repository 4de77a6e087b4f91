// The default layout: every inner page, with breadcrumbs.
import { Outlet } from 'react-router';
import { RouteErrorBoundary } from '../features/site-frame/error-page.tsx';
import { SiteFrame } from '../features/site-frame/site-frame.tsx';

export default function DefaultLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
