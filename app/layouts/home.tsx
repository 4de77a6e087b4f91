// The home layout: no breadcrumbs (home is the root of them all).
import { Outlet } from 'react-router';
import { RouteErrorBoundary } from '../components/error-page.tsx';
import { SiteFrame } from '../components/site-frame.tsx';

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
