import type { ReactNode } from 'react';

/** Long-form text (legal pages, about): readable measure and spacing; long words and URLs (the DOIs on /about-us) wrap rather than widen a phone's page (issue #19). */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-3xl space-y-4 leading-relaxed wrap-break-word text-slate-800 dark:text-slate-200 [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-100 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
      {children}
    </div>
  );
}
