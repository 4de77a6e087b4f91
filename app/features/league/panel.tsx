// A titled section of a league or team page, reachable by its anchor.
import type { ReactNode } from 'react';

export function Panel({ id, title, children, className = '' }: { id: string; title: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Muted({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600 dark:text-slate-400">{children}</p>;
}

/** In-page section links (tabs that work without JavaScript). */
export function SectionNav({ label, sections }: { label: string; sections: Array<[string, string]> }) {
  return (
    <nav aria-label={label} className="mb-4 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
      <ul className="flex gap-1 whitespace-nowrap">
        {sections.map(([id, title]) => (
          <li key={id}>
            <a href={`#${id}`} className="inline-block rounded-t px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white">
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
