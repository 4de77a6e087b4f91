// The home layout: no breadcrumbs (home is the root of them all).
import { Outlet } from 'react-router';
import { RouteErrorBoundary } from '../features/site-frame/error-page.tsx';
import { SiteFrame } from '../features/site-frame/site-frame.tsx';

export default function HomeLayout() {
  return (
    <SiteFrame breadcrumbs={false}>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
