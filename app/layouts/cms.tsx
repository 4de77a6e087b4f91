// The CMS layout: the staff area, deliberately plain and apart from the public site.
import { Outlet } from 'react-router';
import { AppLink } from '../components/app-link.tsx';
import { RouteErrorBoundary } from '../features/site-frame/error-page.tsx';
import { useSite } from '../lib/site/site.ts';

export default function CmsLayout() {
  const site = useSite();
  return (
    <div className="flex min-h-screen flex-col bg-slate-100 dark:bg-slate-950">
      <header className="border-b border-slate-300 bg-slate-900 text-white dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <p className="font-semibold">{site?.siteName ?? 'Scoreline'} CMS</p>
          <AppLink to="/" className="text-sm underline underline-offset-2">
            Back to the site
          </AppLink>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary focused />;
}
