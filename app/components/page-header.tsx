import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {children ? <div className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{children}</div> : null}
    </div>
  );
}
