import type { ReactNode } from 'react';

/** Says plainly what will appear in a section whose data has not landed yet. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-dashed border-slate-300 bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-2 text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}
