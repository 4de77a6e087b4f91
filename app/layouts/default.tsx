// The default layout: every inner page, with breadcrumbs.
import { Outlet } from 'react-router';
import { RouteErrorBoundary } from '../components/error-page.tsx';
import { SiteFrame } from '../components/site-frame.tsx';

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
