import type { ReactNode } from 'react';

/** Long-form text (legal pages, about): readable measure and spacing; long words and URLs (the DOIs on /about-us) wrap rather than widen a phone's page (issue #19). */
const PROSE_CLASS =
  'max-w-3xl space-y-4 leading-relaxed wrap-break-word text-slate-800 dark:text-slate-200 [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-100 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1';

/**
 * What staff pages' Markdown produces beyond that (issue #20): sub-headings, numbered lists, quotes,
 * code, tables, rules and images, in both colour modes.
 */
const MARKDOWN_CLASS =
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:space-y-1 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:italic dark:[&_blockquote]:border-slate-600 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm dark:[&_code]:bg-slate-800 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-100 [&_pre]:p-3 dark:[&_pre]:bg-slate-800 [&_table]:block [&_table]:overflow-x-auto [&_table]:border-collapse [&_th]:border [&_th]:border-slate-300 [&_th]:px-2 [&_th]:py-1 [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_td]:py-1 dark:[&_th]:border-slate-700 dark:[&_td]:border-slate-700 [&_hr]:border-slate-300 dark:[&_hr]:border-slate-700 [&_img]:max-w-full';

export function Prose({ children }: { children: ReactNode }) {
  return <div className={PROSE_CLASS}>{children}</div>;
}

/**
 * Prose from HTML the server has sanitized: a staff page rendered by server/modules/site/page-markdown.ts,
 * and nothing else — this puts the HTML into the page as it is.
 */
export function SanitizedProse({ html }: { html: string }) {
  return <div className={`${PROSE_CLASS} ${MARKDOWN_CLASS}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
