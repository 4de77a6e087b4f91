// The match frame: header and tabs shared by the match centre and its highlight tab.
import { Outlet } from 'react-router';
import { z } from 'zod';
import { AppNavLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { numericIdSchema, parseParams } from '../lib/params.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import type { Route } from './+types/match';

export function loader({ params }: Route.LoaderArgs) {
  const { id } = parseParams(z.object({ id: numericIdSchema.optional() }), params);
  return { id: id ?? null };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const handle: RouteHandle = {
  breadcrumb: (data) => ((data as LoaderData | undefined)?.id ? `Match ${(data as LoaderData).id}` : 'Matches'),
};

export default function MatchFrame({ loaderData }: Route.ComponentProps) {
  const { id } = loaderData;
  if (id === null) return <Outlet />;
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-t px-3 py-2 text-sm ${isActive ? 'border-b-2 border-brand-600 font-semibold' : 'text-slate-700 dark:text-slate-300'}`;
  return (
    <>
      <PageHeader title={`Match ${id}`} />
      <nav aria-label="Match sections" className="mb-4 flex gap-2 border-b border-slate-200 dark:border-slate-800">
        <AppNavLink to={`/match/${id}`} end className={tabClass}>
          Match centre
        </AppNavLink>
        <AppNavLink to={`/match/${id}/highlight`} className={tabClass}>
          Highlight
        </AppNavLink>
      </nav>
      <Outlet />
    </>
  );
}
